import middy from '@middy/core';
import type { App } from '../../app/app.js';
import type { DeadlineOutcome } from '../../app/deadline.js';
import type { Log } from '../../app/log.js';
import { type DeadlineEvent, deadlineInput } from '../../middleware/deadline-input.js';

/** The deadline state machine's task: end the phase if its deadline is still the game's. */
export function deadlineHandler(app: Pick<App, 'fireDeadline'>, log: Log) {
  return middy<DeadlineEvent, { outcome: DeadlineOutcome }>(async (event: DeadlineEvent) => {
    const job = event.job;
    if (job === undefined) throw new Error('no job: deadlineInput did not run');
    const started = performance.now();
    const outcome = await app.fireDeadline(job);
    log({
      action: 'deadline',
      game: job.gameId,
      commandId: `timeUp:${job.deadlineId}`,
      type: 'timeUp',
      outcome,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
    return { outcome };
  }).use(deadlineInput());
}
