import { viewerOf } from '../../../functions/app/frames.js';
import type { Commit } from '../../../functions/ports/event-store.js';
import { emptyFold, type Folded, foldCommits, keptOf, THREAD_PAGE, viewFor } from '../../../shared/index.js';
import { PRESETS } from '../../../shared/rules/presets.js';
import type { PresetId } from '../../../shared/rules/settings.js';
import { countOf } from '../../../web/src/logic/chat-lines.js';
import type { AwsCloud } from './cloud.js';
import { type Phones, SeatedClient } from './seated-clients.js';
import { legalMoves, type Move, type Rng, weightedPick } from './table-driver.js';

/** The sweeper fires a deadline whose timer was lost once it is this late (its grace, and a second). */
export const SWEPT_AFTER_MS = 91_000;
/** A deadline further off than this is a long wait: the clock is not moved there while tables talk. */
export const NEAR_MS = 10 * 60_000;

/**
 * A table of one family playing through the cloud: the host and every seat on phones of their own, moves
 * chosen from what the rules allow now (read back from the table, never from what a phone was shown), sent
 * through the $default function. What each phone must have been shown is checked against the game's own
 * fold whenever the stream has caught up.
 */
export class CloudGame {
  host!: SeatedClient;
  readonly seats: SeatedClient[] = [];
  gameId = '';
  folded: Folded = emptyFold;
  readonly commits: Commit[] = [];
  /** Per place (`host`, a seat): every phase id it was due to see, at a moment the stream had caught up. */
  readonly due = new Map<string, Set<string>>();
  /** A check found the game over and every phone showing its end. */
  verified = false;
  private moves = 0;
  private step = '';
  private movesInStep = 0;

  constructor(
    readonly tag: string,
    readonly settings: { preset: PresetId } & Record<string, unknown>,
    private readonly cloud: AwsCloud,
    private readonly network: Phones,
  ) {}

  get over(): boolean {
    return this.folded.state.phase.kind === 'over';
  }

  get phones(): SeatedClient[] {
    return [this.host, ...this.seats];
  }

  /** The host creates the room from an address of his own, the seats join, the host starts. */
  async open(players: number, ip: string): Promise<void> {
    this.host = this.network.add(new SeatedClient(`${this.tag}-host`, 'host', '', this.cloud.now));
    await this.cloud.message(
      this.host.connectionId,
      { action: 'create', settings: this.settings, name: 'Hana' },
      ip,
    );
    const code = await this.code();
    for (let i = 1; i <= players; i++) {
      const seat = this.network.add(new SeatedClient(`${this.tag}-p${i}`, i, '', this.cloud.now));
      await this.cloud.message(seat.connectionId, { action: 'join', code, name: `Player ${i}` });
      this.seats.push(seat);
    }
    await this.send({ actor: 'host', command: { type: 'start' } });
    await this.refresh();
  }

  private async code(): Promise<string> {
    this.gameId = this.host.gameId;
    if (this.gameId === '') throw new Error(`${this.tag}: the room was not created`);
    await this.refresh();
    return this.host.code;
  }

  /** The game as the table holds it. */
  async refresh(): Promise<void> {
    const more = await this.cloud.commits(this.gameId, this.folded.version);
    this.commits.push(...more);
    this.folded = foldCommits(this.folded, more);
  }

  /**
   * This round's moves: none (the table waits for its clock, or a phone to come back), one, or two from
   * different players at once. True when it moved.
   */
  async play(rng: Rng): Promise<boolean> {
    await this.refresh();
    if (this.over) return false;
    const s = this.folded.state;
    const at = s.deadline !== null && !s.deadline.advisory ? s.deadline.at : null;
    if (this.step !== s.phase.id) [this.step, this.movesInStep] = [s.phase.id, 0];
    // A table whose step runs for hours (a forum day) has its say, then mostly waits; one of minutes
    // waits now and then.
    const far = at !== null && at - this.cloud.now > NEAR_MS;
    if (far && this.movesInStep >= this.seats.length && rng() < 0.8) return false;
    if (at !== null && !far && rng() < 0.25) return false;
    const moves = legalMoves(s, this.cloud.now).filter((m) => this.phoneOf(m).open);
    if (moves.length === 0) return false;
    const first = weightedPick(rng, moves);
    const others = moves.filter((m) => m.actor !== first.actor);
    const chosen = others.length > 0 && rng() < 0.2 ? [first, weightedPick(rng, others)] : [first];
    this.movesInStep += chosen.length;
    await Promise.all(chosen.map((m) => this.send(m)));
    return true;
  }

  private phoneOf(move: Move): SeatedClient {
    if (move.actor === 'host') return this.host;
    const seat = this.seats.find((c) => c.place === move.actor);
    if (seat === undefined) throw new Error(`${this.tag}: no phone for ${String(move.actor)}`);
    return seat;
  }

  private send(move: Move): Promise<unknown> {
    this.moves++;
    return this.cloud.message(this.phoneOf(move).connectionId, {
      action: 'command',
      commandId: `${this.tag}-m${this.moves}`,
      command: move.command,
    });
  }

  /** When this game's pending deadline will be fired by the sweeper, if no timer waits for it. */
  sweepAt(timed: Set<string>): number | null {
    const d = this.folded.state.deadline;
    if (this.over || d === null || d.at === null || d.advisory || timed.has(d.id)) return null;
    return d.at + SWEPT_AFTER_MS;
  }

  /**
   * The stream has caught up: every open phone shows its own view of the game as the table holds it.
   * Returns what is wrong, one line per phone.
   */
  async check(): Promise<string[]> {
    if (this.verified) return [];
    await this.refresh();
    const wrong: string[] = [];
    for (const phone of this.phones) {
      if (!phone.open) continue;
      // The view as its phone holds it (with its settings, whether or not the last frame carried them).
      const expected = viewFor(this.folded.state, viewerOf(phone.place));
      const place = String(phone.place);
      const phases = this.due.get(place) ?? new Set<string>();
      phases.add(expected.phase.id);
      this.due.set(place, phases);
      // Compared key by key (keys in any order), and the keys that differ named.
      const shown: Record<string, unknown> = { ...phone.latest?.view };
      const due: Record<string, unknown> = { ...expected };
      const differ = Object.keys(due).filter(
        (key) => JSON.stringify(shown[key]) !== JSON.stringify(due[key]),
      );
      // And the chat: every channel it reads, up to its last line, ending as the state keeps it.
      for (const channel of expected.chat) {
        const kept = keptOf(this.folded.state, channel);
        const lines = phone.held.chat[channel]?.lines ?? [];
        // At least a page's worth of the latest, the same on both, and the count of all said.
        const n = Math.min(lines.length, kept.length);
        const same =
          JSON.stringify(lines.slice(lines.length - n)) === JSON.stringify(kept.slice(kept.length - n));
        const count = countOf(phone.held.chat, channel) === this.folded.state.said[channel];
        if (!same || !count || n < Math.min(kept.length, THREAD_PAGE)) differ.push(`chat:${channel}`);
      }
      if (differ.length > 0) {
        wrong.push(
          `${this.tag} ${place} at v${this.folded.version} (${expected.phase.id}) shows v${phone.latest?.version} (${phone.latest?.view.phase.id}), other ${differ.join(', ')}`,
        );
      }
    }
    if (this.over && wrong.length === 0) this.verified = true;
    return wrong;
  }

  /** What the game's phones were refused, newest last. */
  get refused(): string[] {
    return this.phones.flatMap((p) => p.refused.map((r) => `${String(p.place)}:${r.slice(0, 160)}`));
  }

  /** Phase ids a place was due to see that none of its views showed. */
  missedPhases(): string[] {
    const missed: string[] = [];
    for (const phone of this.phones) {
      for (const id of this.due.get(String(phone.place)) ?? [])
        if (!phone.phasesSeen.has(id)) missed.push(`${this.tag} ${String(phone.place)}: ${id}`);
    }
    return missed;
  }

  /** Deadlines the log shows fired more than once, or before their time. */
  deadlineFaults(): string[] {
    const faults: string[] = [];
    const fired = new Map<string, number>();
    let folded = emptyFold;
    for (const commit of this.commits) {
      if (commit.commandId.startsWith('timeUp:')) {
        const id = commit.commandId.slice('timeUp:'.length);
        fired.set(id, (fired.get(id) ?? 0) + 1);
        const pending = folded.state.deadline;
        if (pending?.id !== id) faults.push(`${this.tag}: ${id} fired while ${pending?.id} was pending`);
        else if (pending.at !== null && commit.at < pending.at)
          faults.push(`${this.tag}: ${id} fired ${pending.at - commit.at} ms early`);
      }
      folded = foldCommits(folded, [commit]);
    }
    for (const [id, n] of fired) if (n > 1) faults.push(`${this.tag}: ${id} fired ${n} times`);
    return faults;
  }
}

/** Players a family's table seats in the run. */
export function playersOf(preset: PresetId): number {
  return preset === 'forum'
    ? 7
    : Math.min(Math.max(PRESETS[preset].minPlayers, 10), PRESETS[preset].maxPlayers);
}
