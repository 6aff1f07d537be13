import type { DeadlineBook } from '../../ports/deadline-book.js';
import type { DeadlineJob } from '../../ports/scheduler.js';

/** In-process twin of the DynamoDB deadline book. */
export class MemoryDeadlineBook implements DeadlineBook {
  private readonly jobs = new Map<string, DeadlineJob>();

  async arm(job: DeadlineJob): Promise<void> {
    this.jobs.set(key(job), { ...job });
  }

  async overdue(before: number, lookbackMs: number): Promise<DeadlineJob[]> {
    return [...this.jobs.values()]
      .filter((job) => job.at < before && job.at >= before - lookbackMs)
      .sort((a, b) => a.at - b.at)
      .map((job) => ({ ...job }));
  }

  async clear(job: DeadlineJob): Promise<void> {
    this.jobs.delete(key(job));
  }

  size(): number {
    return this.jobs.size;
  }
}

const key = (job: DeadlineJob) => `${job.gameId}\n${job.deadlineId}`;
