import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';

/** Something a construct knows can go wrong, for Alarms to watch: fires at `threshold` (default 1). */
export interface AlarmSignal {
  readonly id: string;
  readonly metric: IMetric;
  readonly description: string;
  readonly threshold?: number;
}

/** A deadline scheduler as the rest of the stack sees it, whichever service runs the timers. */
export interface DeadlineScheduling {
  /** The service's own failure metrics: failed or dropped timers, throttled starts. */
  readonly alarmSignals: readonly AlarmSignal[];
  /** Timers started and finished, for the dashboard. */
  readonly activityMetrics: readonly IMetric[];
}
