/** What a deadline names when it falls due: the deadline handler's input. */
export interface DeadlineJob {
  gameId: string;
  deadlineId: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/**
 * Arranges for a game's deadline to fire at `at`. Idempotent per (gameId, deadlineId): the projector asks
 * again after every commit, and a deadline must fire once however often it was asked for.
 */
export interface Scheduler {
  schedule(gameId: string, deadlineId: string, at: number): Promise<void>;
}
