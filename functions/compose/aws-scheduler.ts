import type { Scheduler } from '../ports/scheduler.js';
import { type Env, required } from './aws.js';

/**
 * The deadline scheduler the stack chose (the projector only): Step Functions when STATE_MACHINE_ARN is
 * set, EventBridge Scheduler when SCHEDULE_GROUP is. Only the chosen client is loaded.
 */
export async function schedulerFromEnv(env: Env = process.env): Promise<Scheduler> {
  const { traced } = await import('../adapters/aws/powertools.js');
  if (env.STATE_MACHINE_ARN) {
    const [{ SFNClient }, { StepFunctionsScheduler }] = await Promise.all([
      import('@aws-sdk/client-sfn'),
      import('../adapters/aws/sfn/scheduler.js'),
    ]);
    return new StepFunctionsScheduler({
      client: traced(new SFNClient({})),
      stateMachineArn: env.STATE_MACHINE_ARN,
    });
  }
  const [{ SchedulerClient }, { EventBridgeScheduler }] = await Promise.all([
    import('@aws-sdk/client-scheduler'),
    import('../adapters/aws/scheduler/scheduler.js'),
  ]);
  return new EventBridgeScheduler({
    client: traced(new SchedulerClient({})),
    groupName: required(env, 'SCHEDULE_GROUP'),
    roleArn: required(env, 'SCHEDULER_ROLE_ARN'),
    targetArn: required(env, 'DEADLINE_FUNCTION_ARN'),
  });
}
