import { SFNClient, type SFNClientConfig, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { Scheduler } from '../../../ports/scheduler.js';
import { executionName } from './execution-name.js';

export interface StepFunctionsSchedulerOptions {
  client: SFNClient;
  stateMachineArn: string;
}

/**
 * One execution of the deadline state machine per (game, deadline): `Wait` until `at`, then the deadline
 * handler. The execution's name is derived from the pair, so asking twice starts it once: a name in use by
 * a running execution with the same input is accepted by Step Functions, and a name used by a finished one
 * (or a different input) is `ExecutionAlreadyExists`, which here means "already scheduled".
 */
export class StepFunctionsScheduler implements Scheduler {
  constructor(private readonly options: StepFunctionsSchedulerOptions) {}

  static forStateMachine(stateMachineArn: string, config: SFNClientConfig = {}): StepFunctionsScheduler {
    return new StepFunctionsScheduler({ client: new SFNClient(config), stateMachineArn });
  }

  async schedule(gameId: string, deadlineId: string, at: number): Promise<void> {
    try {
      await this.options.client.send(
        new StartExecutionCommand({
          stateMachineArn: this.options.stateMachineArn,
          name: executionName(gameId, deadlineId),
          input: JSON.stringify({ gameId, deadlineId, at: waitTimestamp(at) }),
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'ExecutionAlreadyExists') return;
      throw error;
    }
  }
}

/**
 * The state machine's `Wait` reads `at` through TimestampPath, which takes an RFC 3339 timestamp and waits
 * to the second. Rounding up means the deadline never fires before its time.
 */
export function waitTimestamp(at: number): string {
  return new Date(Math.ceil(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
