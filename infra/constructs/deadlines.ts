import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  DefinitionBody,
  LogLevel,
  StateMachine,
  StateMachineType,
  TaskInput,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { AlarmSignal, DeadlineScheduling, DeadlineSchedulingProps } from './alarm-signal.js';

const period = Duration.minutes(5);

/**
 * Phase timers on Step Functions (the default). A `Wait` ends to the second, where EventBridge Scheduler
 * only promises the minute, which is coarse for 30-60 s speeches. A standard workflow because a wait may
 * outlast an express one. Its log records only failures: a log line per transition would cost more than
 * the transition.
 */
export class Deadlines extends Construct implements DeadlineScheduling {
  readonly stateMachine: StateMachine;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: DeadlineSchedulingProps) {
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
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(waitUntilDeadline.next(endPhase)),
      tracingEnabled: true,
      logs: { destination: this.logGroup, level: LogLevel.ERROR, includeExecutionData: true },
    });
    this.stateMachine.grantStartExecution(props.scheduler);
    props.scheduler.addEnvironment('STATE_MACHINE_ARN', this.stateMachine.stateMachineArn);
  }

  get alarmSignals(): readonly AlarmSignal[] {
    const machine = this.stateMachine;
    return [
      {
        id: 'FailedDeadlines',
        metric: machine.metricFailed({ period, statistic: 'Sum' }),
        description: 'A deadline execution failed: a timed phase may end only when the sweeper finds it.',
      },
      {
        id: 'TimedOutDeadlines',
        metric: machine.metricTimedOut({ period, statistic: 'Sum' }),
        description: 'A deadline execution timed out: its phase waits for the sweeper.',
      },
      {
        id: 'ThrottledDeadlineExecutions',
        metric: machine.metricThrottled({ period, statistic: 'Sum' }),
        description: 'Step Functions throttled deadline executions (state transitions over quota).',
      },
      {
        id: 'ThrottledDeadlineStarts',
        // The account's StartExecution bucket (300/s refill in us-east-1, 150/s elsewhere), per API.
        metric: new Metric({
          namespace: 'AWS/States',
          metricName: 'ThrottledEvents',
          dimensionsMap: { APIName: 'StartExecution' },
          period,
          statistic: 'Sum',
        }),
        description: 'StartExecution was throttled: deadlines are retried by the projector and the sweeper.',
      },
    ];
  }

  get activityMetrics() {
    const machine = this.stateMachine;
    return [
      machine.metricStarted({ period, statistic: 'Sum' }),
      machine.metricSucceeded({ period, statistic: 'Sum' }),
    ];
  }
}
