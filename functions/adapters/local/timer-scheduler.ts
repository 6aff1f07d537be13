import type { Timers } from '../../ports/clock.js';
import type { DeadlineJob, Scheduler } from '../../ports/scheduler.js';
import { systemClock } from '../system/clock.js';

export interface TimerSchedulerOptions {
  /** Called once per (game, deadline) when it falls due. Its failure is reported, not retried. */
  onDue: (job: DeadlineJob) => Promise<void>;
  /** The machine's timers unless a test brings a clock it can move. */
  clock?: Timers;
  onError?: (error: unknown, job: DeadlineJob) => void;
}

/**
 * The local stand-in for the Step Functions scheduler: one timer per (game, deadline). Like a named
 * execution, a deadline that was scheduled or has fired is not scheduled again. Timers die with the process;
 * the local server re-arms pending deadlines from the log when it starts.
 */
export class TimerScheduler implements Scheduler {
  private readonly timers = new Map<string, () => void>();
  /** Deadlines asked for, per game: pending or fired. */
  private readonly known = new Map<string, Set<string>>();
  private readonly running = new Set<Promise<void>>();
  private readonly clock: Timers;
  private closed = false;

  constructor(private readonly options: TimerSchedulerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  async schedule(gameId: string, deadlineId: string, at: number): Promise<void> {
    if (this.closed) throw new Error('scheduler is closed');
    const ofGame = this.known.get(gameId) ?? new Set<string>();
    if (ofGame.has(deadlineId)) return;
    ofGame.add(deadlineId);
    this.known.set(gameId, ofGame);
    const key = timerKey(gameId, deadlineId);
    this.timers.set(
      key,
      this.clock.wakeAt(at, () => this.fire(key, { gameId, deadlineId, at })),
    );
  }

  /** Deadlines whose timers have not fired yet. */
  pending(): number {
    return this.timers.size;
  }

  /** Whether this deadline of the game is waiting for its time. */
  isPending(gameId: string, deadlineId: string): boolean {
    return this.timers.has(timerKey(gameId, deadlineId));
  }

  /** Deadlines firing now. */
  firing(): number {
    return this.running.size;
  }

  /** Waits for the deadlines firing now. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops every timer and waits for deadlines already firing. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    await this.idle();
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

const timerKey = (gameId: string, deadlineId: string) => `${gameId}\n${deadlineId}`;
