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
