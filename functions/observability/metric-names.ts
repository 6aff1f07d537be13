/**
 * The application's own CloudWatch metrics (embedded metric format, one namespace, dimension `service`).
 * The handlers emit them and the alarms and dashboard in infra/ read them, so both take the names from here.
 */
export const METRICS_NAMESPACE = 'SleepingCity';
export const SERVICE_NAME = 'sleeping-city';

export const Metric = {
  /** A command appended to the log (or answered again from it). */
  commandAccepted: 'CommandAccepted',
  /** A command the engine refused: normal traffic (a vote out of turn, a stale version). */
  commandRejected: 'CommandRejected',
  /** A frame answered with `internal`: the $default handler's real errors, which API Gateway never sees. */
  commandFailed: 'CommandFailed',
  /** A conditional put that lost the race for a game's next version (paid for, then decided again). */
  raceLost: 'RaceLost',
  /** A command that lost every race it was allowed and was answered with a retryable `busy` frame. */
  raceGaveUp: 'RaceGaveUp',
  /** A game the projector could not project; its records are retried, then dead-lettered. */
  projectionFailed: 'ProjectionFailed',
  /** A view post that failed for good (403, or 429/5xx after its retries); the projection goes on. */
  postFailed: 'PostFailed',
  deadlineScheduled: 'DeadlineScheduled',
  deadlineFired: 'DeadlineFired',
  /** A deadline that was no longer the game's when it fell due (extended, paused, already ended). */
  deadlineSkipped: 'DeadlineSkipped',
  /** An overdue deadline the sweeper found unfired and fired from the store: a timer was lost. */
  deadlineRearmed: 'DeadlineRearmed',
  /** One per sweep that read the book and tried every overdue deadline: the sweeper's heartbeat. */
  sweepCompleted: 'SweepCompleted',
  /**
   * Games whose pending deadline, as their last commit left it, is past its grace and that the sweeper
   * could not move on: hung games, counted each minute from the games' heads (not from the deadline book).
   * Zero is emitted too.
   */
  stalledGames: 'StalledGames',
  /** A stalled game the sweeper moved on by firing its pending deadline itself. */
  stalledRepaired: 'StalledRepaired',
  /**
   * A game ended and its receipt could not be signed, after retries (the key unreadable): the game stays
   * over, its head waits for the seal, and the sweeper signs it later.
   */
  sealFailed: 'SealFailed',
  /** A phase-change push handed to a reader's push service. */
  pushSent: 'PushSent',
  /** A push the push service refused or did not answer; the game goes on without it. */
  pushFailed: 'PushFailed',
  /** A subscription dropped unpushed: the VAPID key pair it was made under is no longer kept. */
  pushKeyDropped: 'PushKeyDropped',
} as const;

export type MetricName = (typeof Metric)[keyof typeof Metric];
