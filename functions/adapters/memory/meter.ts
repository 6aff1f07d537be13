import type { MetricName } from '../../observability/metric-names.js';
import type { Meter } from '../../ports/meter.js';

/** Keeps every count in memory: the local runtime's /healthz and the tests read them. */
export class CountingMeter implements Meter {
  readonly counts = new Map<MetricName, number>();

  count(name: MetricName, value = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + value);
  }

  get(name: MetricName): number {
    return this.counts.get(name) ?? 0;
  }
}
