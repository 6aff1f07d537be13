import { setTimeout as sleep } from 'node:timers/promises';
import type { DeadlineJob } from '../ports/scheduler.js';
import { commitAttempt } from './commit.js';
import type { AppDeps } from './deps.js';
import { schedulePending } from './projector.js';

export type DeadlineOutcome = 'fired' | 'stale' | 'noGame';

/**
 * A deadline fell due: `timeUp` from the game master, if that deadline is still the game's. One that was
 * extended, paused, ended early or already fired is a no-op (the engine appends nothing for it, and the
 * command id `timeUp:<deadline>` is remembered once accepted). A timer that arrives early waits for its
 * time: firing early would be refused, and with nothing appended nobody would schedule it again.
 */
export async function fireDeadline(deps: AppDeps, job: DeadlineJob): Promise<DeadlineOutcome> {
  const early = job.at - deps.clock.now();
  if (early > 0) await sleep(Math.min(early, deps.options.maxEarlyWaitMs));
  const outcome = await commitAttempt(deps, {
    gameId: job.gameId,
    commandId: `timeUp:${job.deadlineId}`,
    actor: 'system',
    command: { type: 'timeUp', deadlineId: job.deadlineId },
  });
  if (outcome.kind === 'noGame') return 'noGame';
  if (outcome.kind === 'rejected')
    throw new Error(`timeUp refused: ${outcome.rejection.code} ${outcome.rejection.message}`);
  return outcome.kind === 'appended' ? 'fired' : 'stale';
}

/** On start-up (local runtime): every game's pending deadline is scheduled again. */
export async function rearmDeadlines(deps: AppDeps): Promise<number> {
  let armed = 0;
  for (const gameId of await deps.store.listGames()) {
    const game = await deps.cache.load(gameId);
    if (game !== null && (await schedulePending(deps, game))) armed++;
  }
  return armed;
}
