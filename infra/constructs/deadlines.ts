import { Duration } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import {
  DefinitionBody,
  StateMachine,
  StateMachineType,
  TaskInput,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';

export interface DeadlinesProps {
  /** Receives the execution input `{ at, ... }` once `at` has passed and appends `timeUp`. */
  readonly deadlineHandler: LambdaFunction;
  /** Starts one execution per timed phase; gets STATE_MACHINE_ARN and the right to start. */
  readonly scheduler: LambdaFunction;
}

/**
 * Phase timers. Step Functions waits to the second, where EventBridge Scheduler only promises the minute,
 * which is too coarse for 30-60 s speeches. A standard workflow because a wait may outlast an express one.
 */
export class Deadlines extends Construct {
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, props: DeadlinesProps) {
    super(scope, id);
    const waitUntilDeadline = new Wait(this, 'WaitUntilDeadline', { time: WaitTime.timestampPath('$.at') });
    const endPhase = new LambdaInvoke(this, 'EndPhase', {
      lambdaFunction: props.deadlineHandler,
      payload: TaskInput.fromJsonPathAt('$'),
      retryOnServiceExceptions: true,
    });
    // A throttled invoke must not lose a deadline; `timeUp` names its phase, so a repeat is harmless.
    endPhase.addRetry({
      errors: ['Lambda.TooManyRequestsException'],
      interval: Duration.seconds(1),
      backoffRate: 2,
      maxAttempts: 6,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(waitUntilDeadline.next(endPhase)),
    });
    this.stateMachine.grantStartExecution(props.scheduler);
    props.scheduler.addEnvironment('STATE_MACHINE_ARN', this.stateMachine.stateMachineArn);
  }
}
