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

/**
 * What a client does with a `chat` frame (messages that bring its view of `base` to `version`): nothing when
 * it holds no view of that game yet (the view on its way has them) or holds `version` itself (the reply to a
 * `sync` crossed it); it appends them when it holds exactly the view of `base`; otherwise `sync`. Holding
 * less than `base`, it missed a frame; holding more (but less than `version`), it cannot tell which of the
 * messages its view has already — a container that did not send that view reckons from an older one, and a
 * `sync` reply is a view the fan-out does not know of — and appending could show a view the server never
 * built; holding more than `version`, the frame is stale or the version held is not the server's.
 */
export function chatStep(
  held: Held | null,
  gameId: string,
  frame: { version: number; base: number },
): 'append' | 'ignore' | 'sync' {
  if (!held || held.gameId !== gameId || frame.version === held.version) return 'ignore';
  return frame.base === held.version ? 'append' : 'sync';
}

/**
 * What a client does with a `pong`: `sync` when it names the client's game at a version above the one held —
 * a frame was lost on the way and nothing came since to tell (a phone that said nothing, in a quiet phase,
 * would otherwise show the old view until the next change). Versions a seat is sent may skip (a commit that
 * changes nothing of his view sends him nothing), so the sync may bring the very view held, at the version
 * named: one `sync` per ping at most, and the next pong matches.
 */
export function pongStep(held: Held | null, gameId: string, frame: { gameId?: string; version?: number }) {
  if (!held || held.gameId !== gameId || frame.gameId !== gameId || frame.version === undefined)
    return 'ignore';
  return frame.version > held.version ? 'sync' : 'ignore';
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
