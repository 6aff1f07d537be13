/** The deadline a game waits for as its last commit left it, and which commit left it so. */
export interface GameHead {
  gameId: string;
  deadlineId: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** The commit after which the game waits for this deadline. */
  seq: number;
}

/**
 * Each game's pending deadline, written by whoever commits (not by the projector, not in the deadline book),
 * so that a game hung because its timer was lost *and* the book missed it is still found: its head names a
 * deadline long past. The sweeper counts such games, `mafia stalled` lists them.
 */
export interface GameHeads {
  /**
   * After commit `seq` the game waits for `pending` (null: for nothing, e.g. paused or over). A note older
   * than the one kept changes nothing, so notes that arrive out of order leave the newest.
   */
  note(gameId: string, seq: number, pending: { deadlineId: string; at: number } | null): Promise<void>;
  /** Every game whose noted deadline fell before `before`, the longest waiting first. */
  waitingSince(before: number): Promise<GameHead[]>;
}
