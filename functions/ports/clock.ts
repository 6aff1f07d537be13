/** Time comes through a port so that tests and replays can hold it still. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** A clock that can also wake a caller when a time has come: what the local deadline timers run on. */
export interface Timers extends Clock {
  /** Calls `wake` once, when `at` (ms since the epoch) has come; the function returned cancels the call. */
  wakeAt(at: number, wake: () => void): () => void;
}
