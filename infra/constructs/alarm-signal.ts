import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';

/** Something a construct knows can go wrong, for Alarms to watch: fires at `threshold` (default 1). */
export interface AlarmSignal {
  readonly id: string;
  readonly metric: IMetric;
  readonly description: string;
  readonly threshold?: number;
  /** Fires when the metric falls below the threshold instead of reaching it (a heartbeat). */
  readonly below?: boolean;
  /** No datapoint at all is itself the fault (a heartbeat that stopped), not a quiet period. */
  readonly missingBreaches?: boolean;
}

/** A deadline scheduler as the rest of the stack sees it, whichever service runs the timers. */
export interface DeadlineScheduling {
  /** The service's own failure metrics: failed or dropped timers, throttled starts. */
  readonly alarmSignals: readonly AlarmSignal[];
  /** Timers started and finished, for the dashboard. */
  readonly activityMetrics: readonly IMetric[];
}

/** What either deadline scheduler is built from: Step Functions (`Deadlines`) or EventBridge Scheduler. */
export interface DeadlineSchedulingProps {
  /** Called with the deadline (`{ gameId, deadlineId, at, … }`) once `at` has passed; appends `timeUp`. */
  readonly deadlineHandler: LambdaFunction;
  /** Arms one timer per deadline change; gets its configuration and the right to do so. */
  readonly scheduler: LambdaFunction;
}
