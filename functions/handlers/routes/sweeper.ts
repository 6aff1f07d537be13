import middy from '@middy/core';
import type { App } from '../../app/app.js';
import type { SweepResult } from '../../app/deadline.js';
import type { Log } from '../../app/log.js';

/**
 * The sweeper, every minute (an EventBridge rule on AWS, a timer locally): fires the deadlines whose timers
 * were lost. Failing after the others were handled makes the failure visible (errors alarm) without
 * holding the rest back; the next minute tries again.
 */
export function sweeperHandler(app: Pick<App, 'sweepDeadlines'>, log: Log) {
  return middy<unknown, SweepResult>(async () => {
    const started = performance.now();
    const result = await app.sweepDeadlines();
    log({
      action: 'sweep',
      outcome: result.rearmed > 0 ? 'rearmed' : 'clean',
      ...result,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
    return result;
  });
}
