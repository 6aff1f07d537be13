import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

export interface AlarmsProps {
  /** Alarmed on errors, keyed by a short name used in the alarm's description. */
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly deadLetterQueue: IQueue;
  readonly stateMachine: IStateMachine;
  /** Subscribed to the alarm topic when set; AWS mails a confirmation link first. */
  readonly email?: string;
}

const period = Duration.minutes(5);

/**
 * One alarm per thing that can silently hurt a game: a failing handler, a commit the projector gave up
 * on (players stop seeing moves), a deadline that never fired (a phase that never ends).
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Sleeping City alarms' });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));

    for (const [name, fn] of Object.entries(props.functions)) {
      this.add(`${name}Errors`, fn.metricErrors({ period, statistic: 'Sum' }), `The ${name} function threw.`);
    }
    this.add(
      'UndeliveredCommits',
      props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      'The projector gave up on stream records: some commits were never fanned out or scheduled.',
    );
    this.add(
      'FailedDeadlines',
      props.stateMachine.metricFailed({ period, statistic: 'Sum' }),
      'A deadline execution failed: a timed phase may never end.',
    );
  }

  private add(id: string, metric: IMetric, description: string): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No datapoint means nothing went wrong (no invocations, an empty queue).
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
