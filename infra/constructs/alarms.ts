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

/** Share of the account's concurrency limit claimed at which the alarm fires, before throttles begin. */
export const ACCOUNT_CONCURRENCY_SHARE = 0.8;
/** Lambda's default concurrency quota per account and region; raise `accountConcurrency` with the quota. */
export const DEFAULT_ACCOUNT_CONCURRENCY = 1000;
/**
 * Posts failed for good per five minutes before anyone is told: a phone that lost its network mid-post is
 * normal, many at once mean the management API is throttling or failing.
 */
export const POST_FAILURES_ALARMED = 10;
/** Messages refused by API Gateway (its 429s and other 4xx before a handler) per five minutes. */
export const SOCKET_CLIENT_ERRORS_ALARMED = 50;

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
  /** The account's Lambda concurrency quota in this region (default 1,000). */
  readonly accountConcurrency?: number;
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
 * `internal`, views falling behind or failing to post, a commit the projector gave up on, a command that
 * lost every race, a deadline lost or throttled, a game hung past its deadline, a sweeper that stopped, the
 * socket refusing messages, the account's concurrency running out, the table failing, and whatever other
 * constructs signal (pushes failing). docs/operations.md says what each means and what to do.
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
        id: 'ProjectionFailures',
        metric: appMetric(AppMetric.projectionFailed),
        description:
          'The projector failed to project a game: its views and deadline are retried, then dead-lettered.',
      },
      {
        id: 'PostFailures',
        metric: appMetric(AppMetric.postFailed),
        threshold: POST_FAILURES_ALARMED,
        description:
          'Views could not be posted to sockets (403, or 429/5xx after retries): players miss frames.',
      },
      {
        id: 'RacesGivenUp',
        metric: appMetric(AppMetric.raceGaveUp),
        description: 'A command lost every race for its game and was answered `busy`: one game is too hot.',
      },
      {
        id: 'SweeperHeartbeat',
        metric: appMetric(AppMetric.sweepCompleted),
        below: true,
        missingBreaches: true,
        description:
          'No sweep completed for five minutes: lost timers are not caught and hung games are not counted.',
      },
      {
        id: 'StalledGames',
        metric: appMetric(AppMetric.stalledGames, 'Maximum'),
        description:
          'A game waits for a deadline long past (docs/operations.md: mafia stalled, then mafia rearm).',
      },
      {
        id: 'SocketClientErrors',
        metric: props.stage.metric('ClientError', { period, statistic: 'Sum' }),
        threshold: SOCKET_CLIENT_ERRORS_ALARMED,
        description:
          "API Gateway refused messages before any handler (its 429s: the stage's throttle is reached).",
      },
      {
        id: 'AccountConcurrency',
        metric: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          period: Duration.minutes(1),
          statistic: 'Maximum',
        }),
        threshold: Math.floor(
          (props.accountConcurrency ?? DEFAULT_ACCOUNT_CONCURRENCY) * ACCOUNT_CONCURRENCY_SHARE,
        ),
        description:
          "The account's Lambda concurrency is 80% claimed: past it every function of the account is throttled.",
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

  private add({ id, metric, description, threshold, below, missingBreaches }: AlarmSignal): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold: threshold ?? 1,
      evaluationPeriods: 1,
      comparisonOperator: below
        ? ComparisonOperator.LESS_THAN_THRESHOLD
        : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No datapoint usually means nothing went wrong (no invocations, an empty queue); for a heartbeat it
      // is the failure.
      treatMissingData: missingBreaches ? TreatMissingData.BREACHING : TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
