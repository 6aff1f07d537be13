import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sealCommit } from '../../shared/audit/chain.js';
import { type RecordedCommand, redecide } from '../../shared/audit/command.js';
import type { LogSeal } from '../../shared/audit/seal.js';
import { type Folded, foldCommits, type Rejection } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import type { Commit } from '../ports/event-store.js';
import type { AppDeps } from './deps.js';
import { advance, type HeldGame, type PendingCommit } from './game-cache.js';
import { endingCommit, headWait, owesSeal, SEAL_ATTEMPTS } from './seal.js';

/** One command on its way into the log. */
export interface Attempt {
  gameId: string;
  commandId: string;
  /** As the commit records it: 'host', 'system' or a seat number. */
  actor: string;
  expectedVersion?: number;
  /** Decided against the game as it is now (again after a lost race), and recorded in the commit. */
  command: RecordedCommand;
}

export type Outcome =
  | { kind: 'appended'; version: number; commit: Commit; game: HeldGame }
  | { kind: 'duplicate'; version: number; game: HeldGame }
  | { kind: 'unchanged'; version: number; game: HeldGame }
  | { kind: 'stale'; version: number; game: HeldGame }
  | { kind: 'rejected'; rejection: Rejection; game: HeldGame }
  | { kind: 'noGame' }
  /** Other processes won every race allowed: nothing was appended, and the same command may be sent again. */
  | { kind: 'busy'; races: number };

/** What deciding produced: an answer now, or an append to wait for. */
type Step =
  | Outcome
  | { kind: 'wait'; game: HeldGame; pending: PendingCommit; duplicate: boolean }
  | { kind: 'lost' };

/**
 * Load → decide → append, for one game. A lost race (another process appended that version first) waits a
 * jittered, growing while, then reloads the commits after the version held and decides again, a bounded
 * number of times; after that the command is `busy`, which the client may send again as it was. An accepted command id
 * is answered from the log and appends nothing; a rejected one leaves no trace. The answer to an appended
 * command is given only once the commit is durable.
 *
 * Deciding is serialized per game in this process. With `pipeline` (a store that orders appends as they
 * are called: the embedded log, memory), the next command of a game is decided on the game as it will be
 * once the commits still syncing are durable, and its append joins theirs; without it (DynamoDB), each
 * append is awaited before the next command of the game is decided.
 */
export async function commitAttempt(deps: AppDeps, attempt: Attempt): Promise<Outcome> {
  const outcome = await commitOnce(deps, attempt);
  if (outcome.kind === 'appended') await sealIfEnded(deps, outcome.commit);
  return outcome;
}

/**
 * The commit that ended a game is followed by the server's signature of it (`seal`): every player's view then
 * carries the receipt of the log he played. The seal names the ending commit, whatever was appended in
 * between (a last word of chat), and is recorded once: its command id names that commit, and the game
 * refuses a second receipt, so containers that seal the same game at once append one. Signing is tried a
 * few times; a signer that still fails (the key service unreachable) fails nothing: the game stays over,
 * `SealFailed` is counted, and its head waits for the seal, which the sweeper signs later (`sealOwed`).
 */
async function sealIfEnded(deps: AppDeps, commit: Commit): Promise<'sealed' | 'owed' | 'none'> {
  const signer = deps.logSigner;
  if (signer === undefined) return 'none';
  if (endingCommit([commit]) === undefined) return 'none';
  let receipt: LogSeal | undefined;
  for (let failed = 0; receipt === undefined && failed < SEAL_ATTEMPTS; failed++) {
    if (failed > 0) await backoff(deps, failed);
    receipt = await signer.seal(commit.gameId, commit.seq, commit.hash).catch(() => undefined);
  }
  const sealed =
    receipt === undefined
      ? undefined
      : await commitOnce(deps, {
          gameId: commit.gameId,
          commandId: `seal:${commit.seq}`,
          actor: 'system',
          command: { type: 'seal', receipt },
        });
  if (sealed === undefined || sealed.kind === 'busy' || sealed.kind === 'noGame') {
    deps.meter.count(Metric.sealFailed);
    return 'owed';
  }
  return 'sealed';
}

/**
 * The sweeper's repair of a game over whose receipt was never recorded (its signer failed, or its process
 * stopped in between): signed now from its log. A game sealed meanwhile only gets its head written again.
 */
export async function sealOwed(deps: AppDeps, gameId: string): Promise<'sealed' | 'owed' | 'none'> {
  const game = await deps.cache.load(gameId);
  if (game === null) return 'none';
  const ending = owesSeal(deps, game.folded) ? endingCommit(await deps.store.read(gameId)) : undefined;
  if (ending === undefined) {
    const wait = headWait(deps, gameId, game.folded, deps.clock.now());
    await deps.heads?.note(gameId, game.folded.version, wait);
    return 'none';
  }
  return sealIfEnded(deps, ending);
}

async function commitOnce(deps: AppDeps, attempt: Attempt): Promise<Outcome> {
  const { maxAttempts } = deps.options;
  for (let lost = 0; lost < maxAttempts; lost++) {
    if (lost > 0) {
      deps.meter.count(Metric.raceLost);
      await backoff(deps, lost);
    }
    const step = await deps.writes.run(attempt.gameId, () => decideAndAppend(deps, attempt));
    if (step.kind === 'lost') continue;
    if (step.kind !== 'wait') return step;
    const { game, pending, duplicate } = step;
    if (!(await pending.settled)) continue;
    const { seq } = pending.commit;
    return duplicate
      ? { kind: 'duplicate', version: seq, game }
      : { kind: 'appended', version: seq, commit: pending.commit, game };
  }
  deps.meter.count(Metric.raceLost);
  deps.meter.count(Metric.raceGaveUp);
  return { kind: 'busy', races: maxAttempts };
}

/** Full jitter: anywhere up to base × 2^(lost - 1), capped; racers that collided spread apart. */
export function backoff(deps: AppDeps, lost: number): Promise<void> {
  const { baseMs, capMs } = deps.options.raceBackoff;
  if (baseMs <= 0) return Promise.resolve();
  const ceiling = Math.min(capMs, baseMs * 2 ** (lost - 1));
  return sleep(Math.random() * ceiling);
}

async function decideAndAppend(deps: AppDeps, attempt: Attempt): Promise<Step> {
  const game = await deps.cache.load(attempt.gameId);
  if (game === null) return { kind: 'noGame' };
  const earlier = game.accepted.get(attempt.actor)?.get(attempt.commandId);
  if (earlier !== undefined) return { kind: 'duplicate', version: earlier, game };
  const syncing = game.tip?.pending.find(
    (p) => p.commit.actor === attempt.actor && p.commit.commandId === attempt.commandId,
  );
  if (syncing) return { kind: 'wait', game, pending: syncing, duplicate: true };
  const base = game.tip ?? { folded: game.folded, lastHash: game.lastHash };
  const { version, state } = base.folded;
  if (attempt.expectedVersion !== undefined && attempt.expectedVersion !== version) {
    return { kind: 'stale', version, game };
  }
  const now = deps.clock.now();
  const decision = redecide(state, { actor: attempt.actor, at: now, command: attempt.command });
  if (!decision.ok) {
    if ('unreadable' in decision) throw new Error(`game ${attempt.gameId}: ${decision.unreadable}`);
    return { kind: 'rejected', rejection: decision.rejection, game };
  }
  if (decision.events.length === 0) return { kind: 'unchanged', version, game };
  const commit = makeCommit(attempt, version + 1, base.lastHash, now, decision.events);
  const after = foldCommits(base.folded, [commit]);
  const appended = deps.store.append(commit);
  if (!deps.options.pipeline) {
    if (!(await appended).ok) return { kind: 'lost' };
    advance(game, commit, after);
    await noteHead(deps, commit, base.folded, after);
    return { kind: 'appended', version: commit.seq, commit, game };
  }
  const pending: PendingCommit = { commit, after, durable: false, settled: Promise.resolve(false) };
  pending.settled = appended.then(
    async (result) => {
      const durable = settle(deps, game, pending, result.ok);
      if (durable) await noteHead(deps, commit, base.folded, after);
      return durable;
    },
    (error: unknown) => {
      settle(deps, game, pending, false);
      throw error;
    },
  );
  game.tip = {
    folded: after,
    lastHash: commit.hash,
    pending: [...(game.tip?.pending ?? []), pending],
  };
  return { kind: 'wait', game, pending, duplicate: false };
}

/**
 * A durable commit that changed the deadline the game waits for (a new phase, an extension, a pause, the
 * end, its seal) rewrites the game's head, so that a game left waiting for a deadline long past is found without the
 * deadline book. Written by whoever committed, after the commit: the projector may be the part that failed.
 */
async function noteHead(deps: AppDeps, commit: Commit, before: Folded, after: Folded): Promise<void> {
  if (deps.heads === undefined) return;
  const was = headWait(deps, commit.gameId, before, commit.at);
  const now = headWait(deps, commit.gameId, after, commit.at);
  if (was?.deadlineId === now?.deadlineId && was?.at === now?.at) return;
  await deps.heads.note(commit.gameId, commit.seq, now);
}

/**
 * A pipelined append finished. Durable commits are folded in sequence order (the projector may already
 * have read some of them from the store). A refused one means the tip was wrong: the game is dropped and
 * read again, and every command decided on that tip is decided again.
 */
function settle(deps: AppDeps, game: HeldGame, pending: PendingCommit, ok: boolean): boolean {
  if (!ok) {
    game.tip = null;
    deps.cache.forget(game.gameId);
    return false;
  }
  pending.durable = true;
  const tip = game.tip;
  if (tip === null) return true;
  try {
    while (tip.pending.length > 0 && tip.pending[0].durable) {
      const next = tip.pending.shift() as PendingCommit;
      advance(game, next.commit, next.after);
    }
  } catch (error) {
    // The log holds something other than what was decided here: start again from the log.
    game.tip = null;
    deps.cache.forget(game.gameId);
    throw error;
  }
  if (tip.pending.length === 0) game.tip = null;
  return true;
}

export function makeCommit(
  attempt: Pick<Attempt, 'gameId' | 'commandId' | 'actor' | 'command'>,
  seq: number,
  prevHash: string,
  at: number,
  events: unknown[],
): Commit {
  const { gameId, commandId, actor, command } = attempt;
  return sealCommit({ gameId, seq, commandId, actor, at, command, events, prevHash }, nativeSha256Hex);
}

/** The digest `shared/audit/sha256.ts` computes, from node:crypto: hashing is on every command's path. */
export const nativeSha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
