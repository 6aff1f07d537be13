import type { DeadlineJob, Scheduler } from '../../ports/scheduler.js';

export interface TimerSchedulerOptions {
  /** Called once per (game, deadline) when it falls due. Its failure is reported, not retried. */
  onDue: (job: DeadlineJob) => Promise<void>;
  now?: () => number;
  onError?: (error: unknown, job: DeadlineJob) => void;
}

/**
 * In-process twin of the Step Functions scheduler: one timer per (game, deadline). Like a named execution,
 * a deadline that was scheduled or has fired is not scheduled again. Timers die with the process; the local
 * server re-arms pending deadlines from the log when it starts.
 */
export class TimerScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Deadlines asked for, per game: pending or fired. */
  private readonly known = new Map<string, Set<string>>();
  private readonly running = new Set<Promise<void>>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly options: TimerSchedulerOptions) {
    this.now = options.now ?? Date.now;
  }

  async schedule(gameId: string, deadlineId: string, at: number): Promise<void> {
    if (this.closed) throw new Error('scheduler is closed');
    const ofGame = this.known.get(gameId) ?? new Set<string>();
    if (ofGame.has(deadlineId)) return;
    ofGame.add(deadlineId);
    this.known.set(gameId, ofGame);
    const key = `${gameId}\n${deadlineId}`;
    const timer = setTimeout(() => this.fire(key, { gameId, deadlineId, at }), Math.max(0, at - this.now()));
    this.timers.set(key, timer);
  }

  /** Deadlines whose timers have not fired yet. */
  pending(): number {
    return this.timers.size;
  }

  /** Stops every timer and waits for deadlines already firing. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private fire(key: string, job: DeadlineJob): void {
    this.timers.delete(key);
    if (this.closed) return;
    const run = this.options
      .onDue(job)
      .catch((error: unknown) => this.options.onError?.(error, job))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }
}
