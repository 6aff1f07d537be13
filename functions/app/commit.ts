import type { Decision, GameState, Rejection } from '../../shared/index.js';
import { commitHash } from '../ports/commit-hash.js';
import type { Commit } from '../ports/event-store.js';
import type { AppDeps } from './deps.js';
import { absorb, type HeldGame } from './game-cache.js';

/** One command on its way into the log. */
export interface Attempt {
  gameId: string;
  commandId: string;
  /** As the commit records it: 'host', 'system' or a seat number. */
  actor: string;
  expectedVersion?: number;
  /** Decides against the game as it is now; called again after a lost race. */
  decide(state: GameState, now: number): Decision;
}

export type Outcome =
  | { kind: 'appended'; version: number; commit: Commit; game: HeldGame }
  | { kind: 'duplicate'; version: number; game: HeldGame }
  | { kind: 'unchanged'; version: number; game: HeldGame }
  | { kind: 'stale'; version: number; game: HeldGame }
  | { kind: 'rejected'; rejection: Rejection; game: HeldGame }
  | { kind: 'noGame' };

/**
 * Load → decide → append, for one game. A lost race (another process appended that version first) reloads
 * the commits after the version held and decides again, a bounded number of times. An accepted command id
 * is answered from the log and appends nothing; a rejected one leaves no trace.
 */
export async function commitAttempt(deps: AppDeps, attempt: Attempt): Promise<Outcome> {
  for (let tries = 0; tries < deps.options.maxAttempts; tries++) {
    const game = await deps.cache.load(attempt.gameId);
    if (game === null) return { kind: 'noGame' };
    const { version, state } = game.folded;
    const earlier = game.accepted.get(attempt.actor)?.get(attempt.commandId);
    if (earlier !== undefined) return { kind: 'duplicate', version: earlier, game };
    if (attempt.expectedVersion !== undefined && attempt.expectedVersion !== version) {
      return { kind: 'stale', version, game };
    }
    const now = deps.clock.now();
    const decision = attempt.decide(state, now);
    if (!decision.ok) return { kind: 'rejected', rejection: decision.rejection, game };
    if (decision.events.length === 0) return { kind: 'unchanged', version, game };
    const commit = makeCommit(game, attempt, now, decision.events);
    const result = await deps.store.append(commit);
    if (result.ok) {
      absorb(game, [commit]);
      return { kind: 'appended', version: commit.seq, commit, game };
    }
  }
  throw new Error(
    `game ${attempt.gameId}: lost the race for the next version ${deps.options.maxAttempts} times`,
  );
}

export function makeCommit(
  game: HeldGame,
  attempt: Pick<Attempt, 'gameId' | 'commandId' | 'actor'>,
  at: number,
  events: unknown[],
): Commit {
  const body = {
    gameId: attempt.gameId,
    seq: game.folded.version + 1,
    commandId: attempt.commandId,
    actor: attempt.actor,
    at,
    events,
    prevHash: game.lastHash,
  };
  return { ...body, hash: commitHash(body.prevHash, body) };
}
