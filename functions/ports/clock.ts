/** Time comes through a port so that tests and replays can hold it still. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
