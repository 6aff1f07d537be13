import { CreateScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Scheduler } from '../../../ports/scheduler.js';
import { deadlineName } from '../sfn/execution-name.js';

export interface EventBridgeSchedulerOptions {
  client: SchedulerClient;
  /** The schedule group the stack made for deadlines. */
  groupName: string;
  /** The role EventBridge Scheduler invokes the target with. */
  roleArn: string;
  /** The deadline function. */
  targetArn: string;
}

/** Schedule names: up to 64 characters of letters, digits, `-`, `_` and `.`. */
const NAME_LENGTH = 64;

/**
 * One one-time schedule per (game, deadline) on EventBridge Scheduler: `at()` the deadline, invoking the
 * deadline function with `{ gameId, deadlineId, at }`, and deleted by the service once it ran. The name is
 * derived from the pair, so asking twice while it is pending creates it once (`ConflictException` means
 * "already scheduled"). Once it ran and was deleted, asking again would create it again; the projector asks
 * only when a game's deadline changes, and a repeated `timeUp` appends nothing anyway.
 */
export class EventBridgeScheduler implements Scheduler {
  constructor(private readonly options: EventBridgeSchedulerOptions) {}

  async schedule(gameId: string, deadlineId: string, at: number): Promise<void> {
    const { client, groupName, roleArn, targetArn } = this.options;
    try {
      await client.send(
        new CreateScheduleCommand({
          Name: deadlineName(gameId, deadlineId, NAME_LENGTH),
          GroupName: groupName,
          ScheduleExpression: `at(${atExpression(at)})`,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: targetArn,
            RoleArn: roleArn,
            Input: JSON.stringify({ gameId, deadlineId, at }),
            // A throttled or failed invoke is retried for up to an hour; after that the sweeper has it.
            RetryPolicy: { MaximumRetryAttempts: 20, MaximumEventAgeInSeconds: 3600 },
          },
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'ConflictException') return;
      throw error;
    }
  }
}

/** `yyyy-mm-ddThh:mm:ss` in UTC, rounded up to the second so the deadline never fires before its time. */
export function atExpression(at: number): string {
  return new Date(Math.ceil(at / 1000) * 1000).toISOString().slice(0, 19);
}
