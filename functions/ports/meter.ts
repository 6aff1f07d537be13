import type { MetricName } from '../observability/metric-names.js';

/** Counts what the service does (commands, races, deadlines) for the dashboards and alarms. */
export interface Meter {
  count(name: MetricName, value?: number): void;
}
