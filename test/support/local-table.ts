import { expect } from 'vitest';
import type WebSocket from 'ws';
import type { GameView, ServerFrame } from '../../shared/index.js';
import { GameClient } from './ws-client.js';

/** Timers of 1 s: a whole online game through the real server in a few seconds. */
export const FAST_ONLINE = {
  preset: 'online',
  timers: { intro: 1, mafia: 1, night: 1, discussion: 1, vote: 1, lastWord: 1, lastWordNight: 1, defence: 1 },
};

/** Steps far longer than any test: only the players, or a jump of the clock, end one. */
export const SLOW_ONLINE = {
  preset: 'online',
  timers: {
    intro: 600,
    mafia: 600,
    night: 600,
    discussion: 600,
    vote: 600,
    lastWord: 600,
    lastWordNight: 600,
  },
};

/** Long steps: the days end by jumps of the clock, and the night waits while the mafia acts. */
export const LONG_NIGHTS = { ...SLOW_ONLINE, timers: { ...SLOW_ONLINE.timers, defence: 600 } };

/**
 * A room on a running server: the host's socket and one socket per player, each seeing only his own views.
 * `drive` plays the game as a table that wants it over quickly: the mafia know their team, town nominates
 * and votes out a mafioso each day, the mafia shoot a townsman and the sheriff checks someone each night,
 * whoever holds the floor yields it. The rest is left to the game's own deadlines.
 */
export class LocalTable {
  readonly players: GameClient[] = [];
  host!: GameClient;
  gameId = '';
  code = '';
  rejections: string[] = [];
  private readonly done = new Set<string>();

  static async open(
    wsUrl: string,
    players: number,
    settings: object = FAST_ONLINE,
    socket?: WebSocket.ClientOptions,
  ): Promise<LocalTable> {
    const table = new LocalTable();
    table.host = await GameClient.open(wsUrl, socket);
    const created = await table.host.create(settings, 'Hana');
    table.gameId = created.gameId;
    table.code = created.code;
    for (let i = 1; i <= players; i++) {
      const player = await GameClient.open(wsUrl, socket);
      await player.join(created.code, `Player ${i}`);
      table.players.push(player);
    }
    return table;
  }

  player(seat: number): GameClient {
    const found = this.players.find((p) => p.seat === seat);
    if (found === undefined) throw new Error(`no player at seat ${seat}`);
    return found;
  }

  async start(): Promise<void> {
    const reply = await this.host.command({ type: 'start' });
    expect(reply.type, JSON.stringify(reply)).toBe('ack');
  }

  /** Seats of the mafia team, as the mafia's own views show them. */
  mafia(): number[] {
    const seats = new Set<number>();
    for (const p of this.players) {
      const you = p.latest()?.you;
      if (you?.team === 'mafia') {
        seats.add(you.seat);
        for (const mate of you.teammates) seats.add(mate);
      }
    }
    return [...seats].sort((a, b) => a - b);
  }

  /** Plays until the game is over, or fails after `timeoutMs`. */
  async drive(timeoutMs = 30_000): Promise<GameView> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const view = this.host.latest();
      if (view?.over) return view;
      if (Date.now() > until)
        throw new Error(`the game did not end; it is at ${JSON.stringify(view?.phase)}`);
      this.tick();
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** One look at the table: every player who has something to do now does it, once per step. */
  private tick(): void {
    const mafia = this.mafia();
    for (const p of this.players) {
      const view = p.latest();
      if (view === null || view.you === null || view.over) continue;
      const seat = view.you.seat;
      const alive = view.seats.filter((s) => s.alive).map((s) => s.seat);
      const town = alive.filter((s) => !mafia.includes(s));
      const once = (what: string, command: object) => {
        const key = `${view.phase.id}:${seat}:${what}`;
        if (this.done.has(key)) return;
        this.done.add(key);
        void p.command(command).then((r: ServerFrame) => {
          if (r.type === 'rejected') this.rejections.push(`${key}:${r.code}`);
        });
      };
      const { stage, kind } = view.phase;
      if (stage === 'intro' && view.you.team === 'mafia' && !view.you.knowTeam)
        once('knowTeam', { type: 'knowTeam' });
      // A last word is said by a player who is already out.
      if (view.speaker === seat && stage === 'lastWord') once('endSpeech', { type: 'endSpeech' });
      if (!view.you.alive) continue;
      if (kind === 'day' && stage === 'discussion' && view.nominations.length === 0) {
        const target = alive.find((s) => mafia.includes(s));
        if (target !== undefined && town[0] === seat) once('nominate', { type: 'nominate', target });
      }
      if (kind === 'day' && stage === 'vote' && view.ballot && !(seat in view.ballot.votes)) {
        const target = view.ballot.candidates.find((c) => c !== seat);
        if (target !== undefined) once('vote', { type: 'vote', target });
      }
      for (const a of view.you.abilities) {
        if (a.done) continue;
        const target = a.ability === 'shoot' ? town.find((s) => s !== seat) : alive.find((s) => s !== seat);
        if (target !== undefined) once(a.ability, { type: 'act', ability: a.ability, target });
      }
    }
  }

  /** The mafia shoot the first townsman alive; nobody else does anything. */
  async shootAsMafia(): Promise<void> {
    const mafia = this.mafia();
    await Promise.all(
      this.players.map(async (p) => {
        const view = p.latest();
        const shoot = view?.you?.abilities.find((a) => a.ability === 'shoot' && !a.done);
        if (!view?.you?.alive || shoot === undefined) return;
        const target = view.seats.find((s) => s.alive && !mafia.includes(s.seat))?.seat;
        if (target !== undefined) await p.command({ type: 'act', ability: 'shoot', target });
      }),
    );
  }

  /** Waits until everyone at the table has been shown `version` or a later one. */
  async seen(version: number): Promise<void> {
    await Promise.all(this.everyone().map((c) => c.waitForView(() => true, 5000, version)));
  }

  /**
   * Every socket is opened anew and resumed with its token (after the server restarted). The steps already
   * taken are forgotten: a command the server never made durable must be sent again.
   */
  async reconnect(wsUrl: string): Promise<void> {
    const again = async (old: GameClient) => {
      const client = await GameClient.open(wsUrl);
      Object.assign(client, { gameId: old.gameId, token: old.token, seat: old.seat });
      const reply = await client.resume();
      expect(reply.type, JSON.stringify(reply)).toBe('view');
      return client;
    };
    this.host = await again(this.host);
    for (let i = 0; i < this.players.length; i++) this.players[i] = await again(this.players[i]);
    this.done.clear();
  }

  /** Plays until the host's view matches, without ending the game. */
  async driveUntil(match: (view: GameView) => boolean, timeoutMs = 15_000): Promise<GameView> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const view = this.host.latest();
      if (view && match(view)) return view;
      if (Date.now() > until) throw new Error(`not reached; the game is at ${JSON.stringify(view?.phase)}`);
      this.tick();
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  everyone(): GameClient[] {
    return [this.host, ...this.players];
  }

  async close(): Promise<void> {
    await Promise.all(this.everyone().map((c) => c.close()));
  }
}

/**
 * What a player's socket was shown: only his own seat's views, in increasing versions, and no role but his
 * own and (for the mafia) his teammates' until the game is over.
 */
export function expectOnlyOwnViews(client: GameClient, finalRoles: Record<string, string>): void {
  const views = client.views();
  expect(views.length).toBeGreaterThan(0);
  let last = 0;
  for (const { version, view } of views) {
    expect(version, 'versions only increase').toBeGreaterThan(last);
    last = version;
    expect(view.viewer).toBe('seat');
    expect(view.seat).toBe(client.seat);
    expect(view.host).toBeNull();
    if (view.over) continue;
    const own = client.seat as number;
    const mates = view.you?.teammates ?? [];
    for (const mate of mates) expect(['mafia', 'don']).toContain(finalRoles[mate]);
    if (mates.length > 0) expect(['mafia', 'don']).toContain(finalRoles[own]);
    for (const s of view.seats) {
      if (s.role !== null)
        expect(s.seat === own || mates.includes(s.seat), `seat ${own} sees seat ${s.seat}'s role`).toBe(true);
    }
  }
}
