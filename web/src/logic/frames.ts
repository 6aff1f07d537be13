/** The game and version of the view a client holds. */
export interface Held {
  gameId: string;
  version: number;
}

/**
 * Whether a `view` frame should replace the one held. Delivery is at least once and fan-out may reorder
 * frames, so a view older than the one held is stale and ignored; an equal version is the same view again
 * (a `sync` or a `resume`) and harmless to take.
 */
export function acceptView(held: Held | null, gameId: string, version: number): boolean {
  if (!held || held.gameId !== gameId) return true;
  return version >= held.version;
}

/** The count of spectators a client holds, with the frame it came in. */
export interface HeldAudience {
  gameId: string;
  count: number;
  rev: number;
}

/**
 * Whether an `audience` frame should replace the count held: only one of the game the client is in, and
 * not one older (a lower `rev`) than the count held, since two arrivals' frames may cross on the way. A
 * client forgets the count when it binds again, so the first frame after that is taken whatever its `rev`.
 */
export function acceptAudience(held: HeldAudience | null, gameId: string, frame: HeldAudience): boolean {
  if (frame.gameId !== gameId) return false;
  if (!held || held.gameId !== gameId) return true;
  return frame.rev >= held.rev;
}
