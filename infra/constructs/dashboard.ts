import { Duration } from 'aws-cdk-lib';
import { Dashboard, GraphWidget, type IMetric, type IWidget, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { Metric as AppMetric, type MetricName } from '../../functions/observability/metric-names.js';
import { type AlarmsProps, appMetric } from './alarms.js';

/** The same things the alarms watch, graphed. */
export type GameDashboardProps = Omit<AlarmsProps, 'email'>;

const period = Duration.minutes(1);
const width = 8;

/**
 * One page for an evening of games: what players do (commands, races, deadlines), whether they see it
 * (projection, posts, iterator age), and what it runs on (the socket, the handlers, the table).
 */
export class GameDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: GameDashboardProps) {
    super(scope, id);
    const fns = Object.entries(props.functions);
    const perFunction = (
      title: string,
      left: (fn: IFunction) => IMetric,
      right?: (fn: IFunction) => IMetric,
    ) =>
      new GraphWidget({
        title,
        width,
        left: fns.map(([, fn]) => left(fn)),
        right: right ? fns.map(([, fn]) => right(fn)) : undefined,
      });
    const app = (title: string, names: MetricName[]) =>
      new GraphWidget({ title, width, left: names.map((name) => appMetric(name)) });
    const rows: IWidget[][] = [
      [
        new TextWidget({
          markdown: '# Sleeping City\nGames, views and timers; alarms are in the SNS topic.',
          width: 24,
          height: 1,
        }),
      ],
      [
        app('Commands', [AppMetric.commandAccepted, AppMetric.commandRejected, AppMetric.commandFailed]),
        app('Races for a version, receipts owed', [
          AppMetric.raceLost,
          AppMetric.raceGaveUp,
          AppMetric.sealFailed,
        ]),
        new GraphWidget({
          title: 'Deadlines (left), sweeps and stalled games (right)',
          width,
          left: [
            AppMetric.deadlineScheduled,
            AppMetric.deadlineFired,
            AppMetric.deadlineSkipped,
            AppMetric.deadlineRearmed,
          ].map((name) => appMetric(name)),
          right: [
            appMetric(AppMetric.sweepCompleted),
            appMetric(AppMetric.stalledGames, 'Maximum'),
            appMetric(AppMetric.stalledRepaired),
          ],
        }),
      ],
      [
        new GraphWidget({
          title: 'Projector behind the stream (ms)',
          width,
          left: [props.projector.metric('IteratorAge', { period, statistic: 'Maximum' })],
        }),
        app('Projection, posts and pushes', [
          AppMetric.projectionFailed,
          AppMetric.postFailed,
          AppMetric.pushSent,
          AppMetric.pushFailed,
          AppMetric.pushKeyDropped,
        ]),
        new GraphWidget({
          title: 'Deadline timers and dead letters',
          width,
          left: [...props.deadlines.activityMetrics],
          right: [
            props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
          ],
        }),
      ],
      [
        new GraphWidget({
          title: 'Socket messages and connects',
          width,
          left: ['MessageCount', 'ConnectCount'].map((name) =>
            props.stage.metric(name, { period, statistic: 'Sum' }),
          ),
        }),
        new GraphWidget({
          title: 'Socket errors',
          width,
          left: ['ClientError', 'IntegrationError', 'ExecutionError'].map((name) =>
            props.stage.metric(name, { period, statistic: 'Sum' }),
          ),
        }),
        new GraphWidget({
          title: 'Table capacity used and lost races',
          width,
          left: [
            props.table.metricConsumedReadCapacityUnits({ period, statistic: 'Sum' }),
            props.table.metricConsumedWriteCapacityUnits({ period, statistic: 'Sum' }),
          ],
          right: [props.table.metricConditionalCheckFailedRequests({ period, statistic: 'Sum' })],
        }),
      ],
      [
        perFunction('Invocations', (fn) => fn.metricInvocations({ period, statistic: 'Sum' })),
        perFunction(
          'Errors (left) and throttles (right)',
          (fn) => fn.metricErrors({ period, statistic: 'Sum' }),
          (fn) => fn.metricThrottles({ period, statistic: 'Sum' }),
        ),
        perFunction('Duration p99 (ms)', (fn) => fn.metricDuration({ period, statistic: 'p99' })),
      ],
    ];
    this.dashboard = new Dashboard(this, 'Dashboard', { widgets: rows, defaultInterval: Duration.hours(3) });
  }
}
