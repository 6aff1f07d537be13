/** How long to wait before the next reconnection attempt. */
export interface BackoffOptions {
  /** The first delay, ms. */
  base: number;
  /** The longest delay, ms. */
  max: number;
  /** The share of the delay that is random (0..1), so a room's phones do not all reconnect at once. */
  jitter: number;
}

export const RECONNECT_BACKOFF: BackoffOptions = { base: 500, max: 15_000, jitter: 0.5 };

/**
 * Exponential backoff with jitter: attempt 0 waits about `base`, each further attempt twice as long, never
 * more than `max`. `random` is a number in [0, 1) (Math.random in the app, fixed in tests).
 */
export function reconnectDelay(
  attempt: number,
  random: number,
  o: BackoffOptions = RECONNECT_BACKOFF,
): number {
  const ceiling = Math.min(o.max, o.base * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (1 - o.jitter + o.jitter * random));
}
