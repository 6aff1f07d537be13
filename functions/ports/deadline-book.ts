import type { DeadlineJob } from './scheduler.js';

/**
 * Every deadline a game is waiting for, written before its timer is asked for and cleared once it was
 * handled. The scheduler is the fast path; this book is how a deadline whose timer was never started (a
 * throttled StartExecution, a crashed projector) or never ran is still found and fired, by the sweeper.
 */
export interface DeadlineBook {
  /** Notes a pending deadline. Writing the same one twice is harmless. */
  arm(job: DeadlineJob): Promise<void>;
  /**
   * Deadlines noted with `at` before `before` and not cleared, at least those due within `lookbackMs` of it
   * (a deadline older than that is someone else's problem: the alarms').
   */
  overdue(before: number, lookbackMs: number): Promise<DeadlineJob[]>;
  /** The deadline was fired, or found to be no longer the game's. Clearing an unknown one is harmless. */
  clear(job: DeadlineJob): Promise<void>;
}
