import type { Folded } from '../../shared/index.js';
import type { Commit } from '../ports/event-store.js';
import type { AppDeps } from './deps.js';
import { pendingDeadline } from './projector.js';

/**
 * What a game's head names as its wait once the game is over and its receipt is still to be signed: the
 * sweeper finds it among the games waiting past their time and signs it (commit.ts, `sealOwed`).
 */
export const SEAL_WAIT = 'seal';

/** Signatures tried at the game's end before the receipt is left to the sweeper. */
export const SEAL_ATTEMPTS = 3;

/** Whether this game is over and this deployment owes it its receipt. */
export function owesSeal(deps: AppDeps, folded: Folded): boolean {
  const { phase, receipt } = folded.state;
  return deps.logSigner !== undefined && phase.kind === 'over' && receipt === null;
}

/**
 * What the game's head says it waits for: its pending deadline, or for a game over that owes its receipt,
 * the seal, owed since `since` (the time of the commit that ended it, where known).
 */
export function headWait(
  deps: AppDeps,
  gameId: string,
  folded: Folded,
  since: number,
): { deadlineId: string; at: number } | null {
  const job = pendingDeadline(gameId, folded);
  if (job !== null) return { deadlineId: job.deadlineId, at: job.at };
  return owesSeal(deps, folded) ? { deadlineId: SEAL_WAIT, at: since } : null;
}

/** The commit that ended the game, which its receipt signs, or undefined while it is not over. */
export function endingCommit(commits: readonly Commit[]): Commit | undefined {
  return commits.find((c) => (c.events as { type?: unknown }[]).some((e) => e.type === 'gameEnded'));
}
