import { describe, expect, it } from 'vitest';
import { pointsBySeat } from '../../shared/audit/points.js';
import type { ClientFrame, ServerFrame } from '../../shared/index.js';
import type { TournamentView } from '../../shared/tournament/view.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

const NAMES = Array.from({ length: 20 }, (_, i) => `Player ${i + 1}`);
const idOf = (name: string) => name.toLowerCase();

type Created = Extract<ServerFrame, { type: 'tournamentCreated' }>;

async function givenTournament(
  h: AppHarness,
  rounds = 4,
): Promise<{ created: Created; view: TournamentView }> {
  const frames = await h.send('organizer', {
    action: 'tournamentCreate',
    name: 'Autumn Cup',
    players: NAMES,
    rounds,
    tables: 2,
    settings: { preset: 'sport', dealing: 'random' },
  });
  return { created: frameOf(frames, 'tournamentCreated'), view: frameOf(frames, 'tournament').tournament };
}

const openTable = (
  h: AppHarness,
  c: Created,
  round: number,
  table: number,
  key = c.judgesKey,
  conn = `judge-${table}`,
  device = `judge-phone-${table}-0123456789`,
) =>
  h.send(conn, {
    action: 'tournamentTable',
    tournamentId: c.tournamentId,
    key,
    round,
    table,
    name: `Judge ${table}`,
    device,
  });

const read = async (h: AppHarness, id: string) =>
  frameOf(await h.send('anyone', { action: 'tournamentRead', tournamentId: id }), 'tournament').tournament;

const errorOf = (frames: ServerFrame[]) => frameOf(frames, 'error').code;

/** The judge records his table's game to its end: once the roles are dealt he disqualifies every black. */
async function playToEnd(h: AppHarness, connection: string, gameId: string): Promise<void> {
  let n = 0;
  const command = async (command: Record<string, unknown>) => {
    const frames = await h.send(connection, {
      action: 'command',
      commandId: `c${++n}`,
      command,
    } as ClientFrame);
    if (frames.some((f) => f.type === 'rejected')) throw new Error(JSON.stringify(frames));
  };
  await command({ type: 'start' });
  const roles = (await h.app.deps.cache.load(gameId))?.folded.state.roles ?? {};
  const blacks = Object.entries(roles).filter(([, role]) => role === 'mafia' || role === 'don');
  for (const [seat] of blacks)
    await command({ type: 'disqualify', seat: Number(seat), reason: 'left the table' });
}

describe('a tournament the server keeps', () => {
  it('given 20 names, 2 tables and 4 rounds, when it is created, then every round seats every player once, by the names as ids, and nothing is played yet', async () => {
    const h = new AppHarness();
    const { created, view } = await givenTournament(h);
    expect(created.organizerToken).not.toBe(created.judgesKey);
    expect(view.players.map((p) => p.id)).toEqual(NAMES.map(idOf));
    expect(view.seating).toHaveLength(4);
    for (const round of view.seating) {
      expect(round).toHaveLength(2);
      expect(round.flatMap((t) => t.players).sort()).toEqual(NAMES.map(idOf).sort());
      expect(round.every((t) => t.game === null)).toBe(true);
    }
    expect(view.standings.every((s) => s.games === 0 && s.points === 0)).toBe(true);
    expect(await read(h, created.tournamentId)).toEqual(view);
  });

  it('given a tournament asked for with players that do not fill its tables, names alike or settings that do not work, then each is refused and nothing is kept', async () => {
    const h = new AppHarness();
    const ask = (players: string[], settings?: unknown) =>
      h.send('organizer', {
        action: 'tournamentCreate',
        name: 'Cup',
        players,
        rounds: 2,
        tables: 2,
        settings,
      });
    expect(errorOf(await ask(NAMES.slice(0, 19)))).toBe('bad_tournament');
    expect(errorOf(await ask([...NAMES.slice(0, 19), 'PLAYER 1']))).toBe('bad_tournament');
    expect(errorOf(await ask(NAMES, { preset: 'sport', immunity: 0 }))).toBe('bad_settings');
    expect(errorOf(await ask(NAMES, { preset: 'nope' }))).toBe('bad_settings');
    expect(errorOf(await h.send('anyone', { action: 'tournamentRead', tournamentId: 'game-1' }))).toBe(
      'no_tournament',
    );
  });

  it("given a round's table, when its judge opens it with the judges' key, then he hosts a game whose ten seats are the seating's players, and the table shows its game and code", async () => {
    const h = new AppHarness();
    const { created, view } = await givenTournament(h);
    const frames = await openTable(h, created, 1, 2);
    const game = frameOf(frames, 'created');
    const hostView = frameOf(frames, 'view').view;
    const names = new Map(view.players.map((p) => [p.id, p.name]));
    expect(hostView.seats.map((s) => s.name)).toEqual(view.seating[0][1].players.map((id) => names.get(id)));
    expect(await h.directory.connection('judge-2')).toEqual({ gameId: game.gameId, seat: 'host' });
    const after = await read(h, created.tournamentId);
    expect(after.seating[0][1].game).toEqual({ gameId: game.gameId, code: game.code, over: false });
    expect(after.seating[0][0].game).toBeNull();
  });

  it('given an open table, when it is opened again, with a wrong key or past the last round, then each is refused and the tournament is unchanged', async () => {
    const h = new AppHarness();
    const { created } = await givenTournament(h);
    await openTable(h, created, 1, 1);
    const before = await read(h, created.tournamentId);
    expect(
      errorOf(await openTable(h, created, 1, 1, created.judgesKey, 'judge-2', 'another-phone-0123456789')),
    ).toBe('not_allowed');
    expect(errorOf(await openTable(h, created, 1, 2, 'x'.repeat(32)))).toBe('bad_token');
    expect(errorOf(await openTable(h, created, 5, 1))).toBe('bad_tournament');
    expect(await read(h, created.tournamentId)).toEqual(before);
  });

  it('given a judge whose phone never heard its table open, when the same phone opens it again before the game starts, then it is its host again, and another phone is told the table is open', async () => {
    const h = new AppHarness();
    const { created } = await givenTournament(h);
    const first = frameOf(await openTable(h, created, 1, 1), 'created');
    const again = frameOf(await openTable(h, created, 1, 1, created.judgesKey, 'judge-1-again'), 'created');
    expect(again.gameId).toBe(first.gameId);
    expect(again.hostToken).not.toBe(first.hostToken);
    expect(await h.directory.connection('judge-1-again')).toEqual({ gameId: first.gameId, seat: 'host' });
    const other = await openTable(h, created, 1, 1, created.judgesKey, 'judge-x', 'another-phone-0123456789');
    expect(errorOf(other)).toBe('not_allowed');
    expect((await read(h, created.tournamentId)).seating[0][0].game?.gameId).toBe(first.gameId);
  });

  it('given a swap that lands while a judge opens a table of that round, then the table is not recorded with the old seats, and the judge is told to open it again', async () => {
    const h = new AppHarness();
    const { created, view } = await givenTournament(h);
    const [a, b] = [view.seating[0][0].players[0], view.seating[0][1].players[0]];
    const keep = h.tournaments.keep.bind(h.tournaments);
    let swapFirst = true;
    h.tournaments.keep = async (t) => {
      if (swapFirst && t.tournament.games.length === 1) {
        swapFirst = false;
        const swapped = await h.send('organizer', {
          action: 'tournamentSwap',
          tournamentId: created.tournamentId,
          token: created.organizerToken,
          round: 1,
          a,
          b,
        });
        expect(frameOf(swapped, 'tournament').tournament.seating[0][0].players[0]).toBe(b);
      }
      return keep(t);
    };
    expect(errorOf(await openTable(h, created, 1, 1))).toBe('not_allowed');
    const after = await read(h, created.tournamentId);
    expect(after.seating[0][0].game).toBeNull();
    expect(after.seating[0][0].players[0]).toBe(b);
    const reopened = frameOf(await openTable(h, created, 1, 1), 'view').view;
    const names = new Map(view.players.map((p) => [p.id, p.name]));
    expect(reopened.seats[0].name).toBe(names.get(b));
  });

  it('given a table whose room code lapsed, then its game names no code to watch it by', async () => {
    const h = new AppHarness();
    const { created } = await givenTournament(h);
    const game = frameOf(await openTable(h, created, 1, 1), 'created');
    expect((await read(h, created.tournamentId)).seating[0][0].game?.code).toBe(game.code);
    await h.directory.releaseRoom(game.gameId);
    expect((await read(h, created.tournamentId)).seating[0][0].game).toEqual({
      gameId: game.gameId,
      code: null,
      over: false,
    });
  });

  it('given two judges opening the same table at once, then one hosts its game and the other is told it is open, and the tournament lists one game', async () => {
    const h = new AppHarness();
    const { created } = await givenTournament(h);
    const replies = await Promise.all([
      openTable(h, created, 1, 1, created.judgesKey, 'judge-a', 'judge-phone-a-0123456789'),
      openTable(h, created, 1, 1, created.judgesKey, 'judge-b', 'judge-phone-b-0123456789'),
    ]);
    expect(replies.map((r) => r[0].type).sort()).toEqual(['created', 'error']);
    expect(replies.map((r) => r.find((f) => f.type === 'error')).find(Boolean)).toMatchObject({
      code: 'not_allowed',
    });
    const after = await read(h, created.tournamentId);
    const opened = replies.flat().find((f) => f.type === 'created');
    expect(after.seating[0][0].game?.gameId).toBe(opened?.type === 'created' ? opened.gameId : null);
  });

  it("given the organizer's swap, then a round not begun is seated anew, a begun one is not, and the judges' key cannot swap", async () => {
    const h = new AppHarness();
    const { created, view } = await givenTournament(h);
    const [a, b] = [view.seating[1][0].players[0], view.seating[1][1].players[0]];
    const swap = (round: number, token = created.organizerToken) =>
      h.send('organizer', {
        action: 'tournamentSwap',
        tournamentId: created.tournamentId,
        token,
        round,
        a,
        b,
      });
    expect(errorOf(await swap(2, created.judgesKey))).toBe('bad_token');
    const swapped = frameOf(await swap(2), 'tournament').tournament;
    expect(swapped.seating[1][0].players[0]).toBe(b);
    expect(swapped.seating[1][1].players[0]).toBe(a);
    expect(swapped.seating[0]).toEqual(view.seating[0]);
    await openTable(h, created, 1, 1);
    expect(errorOf(await swap(1))).toBe('not_allowed');
  });

  it("given round 1's two games played to their ends and one game of round 2 under way, then the standings are the sum of the finished games' sheets and the open game counts for nothing", async () => {
    const h = new AppHarness();
    const { created, view } = await givenTournament(h);
    const sheets: Record<string, number> = {};
    for (const table of [1, 2]) {
      const game = frameOf(await openTable(h, created, 1, table), 'created');
      await playToEnd(h, `judge-${table}`, game.gameId);
      const state = (await h.app.deps.cache.load(game.gameId))?.folded.state;
      expect(state?.winner).toBe('town');
      const points = state === undefined ? null : pointsBySeat(state);
      for (const [i, player] of view.seating[0][table - 1].players.entries())
        sheets[player] = points?.[String(i + 1)].total ?? Number.NaN;
    }
    await openTable(h, created, 2, 1);
    const after = await read(h, created.tournamentId);
    expect(after.problem).toBeNull();
    expect(after.seating[0].map((t) => t.game?.over)).toEqual([true, true]);
    expect(after.seating[1][0].game?.over).toBe(false);
    for (const s of after.standings) {
      expect(s.points, s.player).toBeCloseTo(sheets[s.player], 5);
      expect(s.games).toBe(1);
    }
    expect(Object.keys(after.ratings.players).sort()).toEqual(NAMES.map(idOf).sort());
    // The changes of the ratings come only for the player asked for: his page.
    expect(after.ratings.changes).toEqual([]);
    const player = view.seating[0][0].players[3];
    const page = frameOf(
      await h.send('anyone', { action: 'tournamentRead', tournamentId: created.tournamentId, player }),
      'tournament',
    ).tournament;
    expect(page.ratings.changes.map((c) => c.player)).toEqual([player]);
  });
});
