import type { Seat } from '../domain/vocabulary.js';
import { evolve } from '../engine/evolve.js';
import { type GameState, initialState } from '../engine/state.js';
import type { GameEvent } from '../log/events.js';
import { canonicalJson, chainProblem, type LogCommit } from './chain.js';
import { actorOf, redecide } from './command.js';
import { eventProblem } from './invariants.js';
import { releaseNote, releaseOf } from './release.js';
import { judgeSeals, type LogSeal, type SealVerifier } from './seal.js';
import { timeProblem } from './times.js';

export interface AuditOptions {
  /** The release running the audit: a determinism failure on a log another release wrote says so. */
  release?: string;
  /**
   * The deployment's public key. Given, the log must carry its seal (the file's last line) signing its
   * last commit, and every receipt sealed in it must verify: without it the chain proves nothing against
   * a forger who recomputes every hash, and the summary says the signature was not checked.
   */
  verifier?: SealVerifier;
  /** The seal the log file closes with (log-lines.ts). */
  seal?: LogSeal;
  /** A player's receipt (his view's `receipt`): the log must hold the commit it signs, with its hash. */
  receipt?: LogSeal;
}

/** Every field a commit has (chain.ts); anything else is refused, not carried along unhashed. */
const COMMIT_FIELDS = new Set([
  'gameId',
  'seq',
  'commandId',
  'actor',
  'at',
  'command',
  'events',
  'prevHash',
  'hash',
]);

export type AuditResult =
  | { ok: true; summary: string; version: number; state: GameState }
  | { ok: false; seq: number; reason: string };

/**
 * Audits a game's log from its first commit: the sequence is gapless and the hash chain intact; every
 * event respects the rules' invariants (invariants.ts); and every recorded command, decided again on the
 * game as it was before it, yields exactly the recorded events (the determinism check). Commits written
 * before commands were kept are checked for everything but the last. The answer names the first bad
 * sequence number and why, or sums the game up in one line, naming the release that wrote the log.
 */
export function auditLog(commits: readonly LogCommit[], options: AuditOptions = {}): AuditResult {
  if (commits.length === 0) return { ok: false, seq: 1, reason: 'the log is empty' };
  const written = releaseOf(commits);
  const note = options.release === undefined ? null : releaseNote(written, options.release);
  let state = initialState;
  let previous: LogCommit | undefined;
  let events = 0;
  let redecided = 0;
  for (const commit of commits) {
    const expected = (previous?.seq ?? 0) + 1;
    const bad = (reason: string): AuditResult => ({ ok: false, seq: expected, reason });
    if (commit.seq !== expected) {
      return bad(
        commit.seq > expected
          ? `missing: the next commit is seq ${commit.seq}`
          : `found seq ${commit.seq} here`,
      );
    }
    const stranger = Object.keys(commit).find((k) => !COMMIT_FIELDS.has(k));
    if (stranger !== undefined)
      return bad(`the commit has a field no commit has: ${JSON.stringify(stranger)}`);
    const broken = chainProblem(previous, commit);
    if (broken) return bad(broken);
    const late = timeProblem(commits[0], previous, commit, state);
    if (late) return bad(late);
    if (commit.events.length === 0) return bad('the commit records no events');
    const actor = actorOf(commit.actor);
    if (actor === null) return bad(`unknown actor ${JSON.stringify(commit.actor)}`);
    const as = (commit.command as { as?: unknown } | undefined)?.as;
    const mover = typeof actor === 'number' ? actor : typeof as === 'number' ? (as as Seat) : null;

    const before = state;
    for (const event of commit.events as GameEvent[]) {
      const problem = eventProblem(state, event, mover);
      if (problem) return bad(problem);
      state = evolve(state, event);
    }
    if (commit.command !== undefined) {
      // Deciding again uses this release's rules: a failure on another release's log says so.
      const undecided = (reason: string) => bad(note === null ? reason : `${reason} (${note})`);
      const again = redecide(before, commit);
      if (!again.ok) {
        return undecided(
          'unreadable' in again ? again.unreadable : `the command is refused: ${again.rejection.message}`,
        );
      }
      const mismatch = firstDifference(commit.events, again.events);
      if (mismatch) return undecided(mismatch);
      redecided++;
    }
    events += commit.events.length;
    previous = commit;
  }
  const last = previous as LogCommit;
  const signed = signatureCheck(commits, options);
  if (!signed.ok) return signed;
  const older = commits.length - redecided;
  const summary = [
    `ok: game ${last.gameId}, ${commits.length} commits, ${events} events`,
    written === null ? 'no release recorded' : `written by release ${written}`,
    'chain and sequence intact',
    signed.note,
    `${redecided} commands decided again with the same events`,
    ...(older > 0 ? [`${older} commits from before commands were kept`] : []),
    outcomeOf(state),
  ].join('; ');
  return { ok: true, summary, version: last.seq, state };
}

/** The seals of a log checked against the deployment's key: what the summary says of them, or the failure. */
function signatureCheck(
  commits: readonly LogCommit[],
  options: AuditOptions,
): { ok: true; note: string } | { ok: false; seq: number; reason: string } {
  const { verifier, seal, receipt } = options;
  if (verifier === undefined) return { ok: true, note: 'signature not checked' };
  const verdict = judgeSeals(commits, seal, verifier, receipt);
  if (verdict.kind !== 'verified') return { ok: false, seq: verdict.seq, reason: verdict.reason };
  const held = receipt === undefined ? '' : `, holds the receipt of version ${receipt.version}`;
  return { ok: true, note: `signed by key ${verifier.keyId} at version ${verdict.version}${held}` };
}

function firstDifference(recorded: readonly unknown[], decided: readonly unknown[]): string | null {
  const n = Math.max(recorded.length, decided.length);
  for (let i = 0; i < n; i++) {
    const a = recorded[i] === undefined ? undefined : canonicalJson(recorded[i]);
    const b = decided[i] === undefined ? undefined : canonicalJson(decided[i]);
    if (a === b) continue;
    if (a === undefined) return `the command yields more events than recorded: ${clip(b)}`;
    if (b === undefined) return `event ${i + 1} does not follow from the command: ${clip(a)}`;
    return `event ${i + 1} does not follow from the command: recorded ${clip(a)}, the command yields ${clip(b)}`;
  }
  return null;
}

const clip = (json: string | undefined, max = 160) =>
  json === undefined ? '' : json.length > max ? `${json.slice(0, max - 1)}…` : json;

function outcomeOf(s: GameState): string {
  if (s.phase.kind !== 'over') return `in play at ${s.phase.id}`;
  if (s.winner === 'draw') return 'over: a draw';
  return `over: ${s.winner} won (seats ${s.winners.join(', ')})`;
}
