import { setTimeout as sleep } from 'node:timers/promises';
import { Metric } from '../observability/metric-names.js';
import type { DeadlineJob } from '../ports/scheduler.js';
import { eachBounded } from './bounded.js';
import { commitAttempt, sealOwed } from './commit.js';
import type { AppDeps } from './deps.js';
import { arm, pendingDeadline } from './projector.js';
import { headWait, owesSeal, SEAL_WAIT } from './seal.js';

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
  /** Games waiting for a deadline past the stall grace, by their heads (null: no heads to read here). */
  stalled: number | null;
  /** Of those, the ones moved on now by firing their pending deadline from here. */
  repaired: number;
}

/**
 * The sweeper (every minute on AWS, a timer locally): every deadline still in the book well after its time
 * — its timer never started or never ran — is fired from here, several games at once (after an outage the
 * book holds one per game that was playing) while one game's deadlines go in order. A deadline that fired
 * meanwhile, or is no longer the game's, appends nothing and only leaves the book. Then the games' heads are
 * asked which games still wait for a deadline long past: what neither the timers nor the book could end
 * (commits dead-lettered past the stream's record age, a deadline older than the look-back). Those are
 * counted, and each game's pending deadline, read from its own log, is fired from here; a game over whose
 * receipt its signer failed to sign waits for its seal, and is signed from here.
 */
export async function sweepDeadlines(deps: AppDeps): Promise<SweepResult> {
  const before = deps.clock.now() - deps.options.sweepGraceMs;
  const overdue = await deps.deadlines.overdue(before, deps.options.sweepLookbackMs);
  const byGame = new Map<string, DeadlineJob[]>();
  for (const job of overdue) byGame.set(job.gameId, [...(byGame.get(job.gameId) ?? []), job]);
  let rearmed = 0;
  const errors: unknown[] = [];
  await eachBounded([...byGame.values()], deps.options.sweepConcurrency, async (jobs) => {
    for (const job of jobs) {
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
  });
  const { stalled, repaired } = await repairStalled(deps, errors);
  deps.meter.count(Metric.sweepCompleted);
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} overdue deadlines failed`);
  return { found: overdue.length, rearmed, stalled, repaired };
}

/**
 * Fired directly, not re-armed: a timer asked for again under the deadline's own name may be refused as
 * already run (a Step Functions execution name stays taken for 90 days), and this one is long past anyway.
 * A game whose head is behind its log (a deadline that did fire) only gets its head written again.
 */
async function repairStalled(
  deps: AppDeps,
  errors: unknown[],
): Promise<{ stalled: number | null; repaired: number }> {
  if (deps.heads === undefined) return { stalled: null, repaired: 0 };
  const stalled = await deps.heads.waitingSince(deps.clock.now() - deps.options.stallGraceMs);
  let repaired = 0;
  await eachBounded(stalled, deps.options.sweepConcurrency, async (head) => {
    try {
      if (head.deadlineId === SEAL_WAIT) {
        const sealed = await sealOwed(deps, head.gameId);
        if (sealed === 'owed') throw new Error(`the receipt of game ${head.gameId} could not be signed`);
        if (sealed === 'sealed') {
          repaired++;
          deps.meter.count(Metric.stalledRepaired);
        }
        return;
      }
      const game = await deps.cache.load(head.gameId);
      const job = game === null ? null : pendingDeadline(head.gameId, game.folded);
      if (game !== null && (job === null || job.at > deps.clock.now())) {
        await deps.heads?.note(
          head.gameId,
          game.folded.version,
          headWait(deps, head.gameId, game.folded, deps.clock.now()),
        );
        return;
      }
      if (job !== null && (await fireDeadline(deps, job)) === 'fired') {
        repaired++;
        deps.meter.count(Metric.stalledRepaired);
      }
    } catch (error) {
      errors.push(error);
    }
  });
  // What an operator must look at: the games still hung after this sweep (zero is emitted too).
  deps.meter.count(Metric.stalledGames, stalled.length - repaired);
  return { stalled: stalled.length, repaired };
}

/**
 * On start-up (local runtime): every game's pending deadline is armed again, and a game over whose receipt
 * was never signed (the signer failed, or the server stopped in between) is signed.
 */
export async function rearmDeadlines(deps: AppDeps): Promise<number> {
  let armed = 0;
  for (const gameId of await deps.store.listGames()) {
    const game = await deps.cache.load(gameId);
    if (game !== null && owesSeal(deps, game.folded)) await sealOwed(deps, gameId);
    const job = game === null ? null : pendingDeadline(gameId, game.folded);
    if (game === null || job === null) continue;
    await arm(deps, job);
    game.armed = job.deadlineId;
    armed++;
  }
  return armed;
}
