import { Duration } from 'aws-cdk-lib';
import type { IWebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  Metric as AppMetric,
  METRICS_NAMESPACE,
  type MetricName,
  SERVICE_NAME,
} from '../../functions/observability/metric-names.js';
import type { AlarmSignal, DeadlineScheduling } from './alarm-signal.js';

/** The table operations the handlers issue (see handlers.ts). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
];

/** A stream record older than this has kept a game's views (and maybe its deadline) waiting too long. */
export const MAX_ITERATOR_AGE = Duration.minutes(1);

export interface AlarmsProps {
  /** Alarmed on errors and throttles, keyed by a short name used in the alarm's description. */
  readonly functions: Readonly<Record<string, IFunction>>;
  /** The stream consumer whose iterator age says how far behind the views are. */
  readonly projector: IFunction;
  readonly deadLetterQueue: IQueue;
  readonly deadlines: DeadlineScheduling;
  readonly stage: IWebSocketStage;
  readonly table: ITable;
  /** What other constructs know can go wrong (Web Push's failed pushes). */
  readonly signals?: readonly AlarmSignal[];
  /** Subscribed to the alarm topic when set; AWS mails a confirmation link first. */
  readonly email?: string;
}

const period = Duration.minutes(5);

/** One of the application's own EMF metrics (functions/observability), summed per period. */
export function appMetric(name: MetricName, statistic = 'Sum'): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: SERVICE_NAME },
    period,
    statistic,
  });
}

/**
 * One alarm per thing that can silently hurt a game: a failing or throttled handler, a frame answered
 * `internal`, views falling behind, a commit the projector gave up on, a deadline lost or throttled, the
 * socket or the table failing, and whatever other constructs signal (pushes failing).
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Sleeping City alarms' });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));

    for (const [name, fn] of Object.entries(props.functions)) {
      this.add({
        id: `${name}Errors`,
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        description: `The ${name} function threw.`,
      });
      this.add({
        id: `${name}Throttles`,
        metric: fn.metricThrottles({ period, statistic: 'Sum' }),
        description: `The ${name} function was throttled: its concurrency (or the account's) ran out.`,
      });
    }
    const signals: AlarmSignal[] = [
      {
        id: 'CommandErrors',
        metric: appMetric(AppMetric.commandFailed),
        description: 'The $default handler answered a frame with `internal`: a real error the API never saw.',
      },
      {
        id: 'ProjectorIteratorAge',
        metric: props.projector.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum' }),
        threshold: MAX_ITERATOR_AGE.toMilliseconds(),
        description: 'The projector is more than a minute behind the table stream: views arrive late.',
      },
      {
        id: 'UndeliveredCommits',
        metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period,
          statistic: 'Maximum',
        }),
        description:
          'The projector gave up on stream records: some commits were never fanned out or scheduled.',
      },
      {
        id: 'RearmedDeadlines',
        metric: appMetric(AppMetric.deadlineRearmed),
        description: 'The sweeper fired an overdue deadline: a timer was lost and a phase ended late.',
      },
      ...props.deadlines.alarmSignals,
      {
        id: 'SocketIntegrationErrors',
        metric: props.stage.metric('IntegrationError', { period, statistic: 'Sum' }),
        description: 'API Gateway got an error from a route handler (a crash or a timeout).',
      },
      {
        id: 'SocketExecutionErrors',
        metric: props.stage.metric('ExecutionError', { period, statistic: 'Sum' }),
        description: 'API Gateway failed to call a route handler.',
      },
      {
        id: 'TableSystemErrors',
        metric: props.table.metricSystemErrorsForOperations({
          operations: TABLE_OPERATIONS,
          period,
        }),
        description: 'DynamoDB answered requests with a server error (HTTP 500).',
      },
      {
        id: 'TableThrottles',
        metric: props.table.metricThrottledRequestsForOperations({
          operations: TABLE_OPERATIONS,
          period,
        }),
        description: 'DynamoDB throttled requests: a partition (one game?) or the account is over its rate.',
      },
      ...(props.signals ?? []),
    ];
    for (const signal of signals) this.add(signal);
  }

  private add({ id, metric, description, threshold }: AlarmSignal): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold: threshold ?? 1,
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
