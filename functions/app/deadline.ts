import { setTimeout as sleep } from 'node:timers/promises';
import { Metric } from '../observability/metric-names.js';
import type { DeadlineJob } from '../ports/scheduler.js';
import { commitAttempt } from './commit.js';
import type { AppDeps } from './deps.js';
import { arm, pendingDeadline } from './projector.js';

export type DeadlineOutcome = 'fired' | 'stale' | 'noGame';

/**
 * A deadline fell due: `timeUp` from the game master, if that deadline is still the game's. One that was
 * extended, paused, ended early or already fired is a no-op (the engine appends nothing for it, and the
 * command id `timeUp:<deadline>` is remembered once accepted). A timer that arrives early waits for its
 * time: firing early would be refused, and with nothing appended nobody would schedule it again. Once
 * handled, the deadline leaves the book, so the sweeper does not fire it again.
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
  if (outcome.kind === 'rejected')
    throw new Error(`timeUp refused: ${outcome.rejection.code} ${outcome.rejection.message}`);
  // Left in the book: the timer's retry, or the sweeper, fires it.
  if (outcome.kind === 'busy') throw new Error(`timeUp of game ${job.gameId} lost ${outcome.races} races`);
  const result: DeadlineOutcome =
    outcome.kind === 'noGame' ? 'noGame' : outcome.kind === 'appended' ? 'fired' : 'stale';
  await deps.deadlines.clear(job);
  deps.meter.count(result === 'fired' ? Metric.deadlineFired : Metric.deadlineSkipped);
  return result;
}

export interface SweepResult {
  /** Overdue deadlines found in the book. */
  found: number;
  /** Of those, the ones that were still the game's and were fired now: their timers were lost. */
  rearmed: number;
}

/**
 * The sweeper (every minute on AWS, a timer locally): every deadline still in the book well after its time
 * — its timer never started or never ran — is fired from here. A deadline that fired meanwhile, or is no
 * longer the game's, appends nothing and only leaves the book.
 */
export async function sweepDeadlines(deps: AppDeps): Promise<SweepResult> {
  const before = deps.clock.now() - deps.options.sweepGraceMs;
  const overdue = await deps.deadlines.overdue(before, deps.options.sweepLookbackMs);
  let rearmed = 0;
  const errors: unknown[] = [];
  for (const job of overdue) {
    try {
      if ((await fireDeadline(deps, job)) === 'fired') {
        rearmed++;
        deps.meter.count(Metric.deadlineRearmed);
      }
    } catch (error) {
      // One game's failure must not keep the others' deadlines waiting; the next sweep tries it again.
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} overdue deadlines failed`);
  return { found: overdue.length, rearmed };
}

/** On start-up (local runtime): every game's pending deadline is armed again. */
export async function rearmDeadlines(deps: AppDeps): Promise<number> {
  let armed = 0;
  for (const gameId of await deps.store.listGames()) {
    const game = await deps.cache.load(gameId);
    const job = game === null ? null : pendingDeadline(gameId, game.folded);
    if (game === null || job === null) continue;
    await arm(deps, job);
    game.armed = job.deadlineId;
    armed++;
  }
  return armed;
}
