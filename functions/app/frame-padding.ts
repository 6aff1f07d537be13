import type { GameState } from '../../shared/index.js';
import type { Place } from '../ports/directory.js';

const KB = 1024;
/** `,"pad":""`: what a frame grows by with an empty pad. */
const PAD_FIELD = Buffer.byteLength(',"pad":""');
/** The smallest frame there is: a cover with an empty pad. */
const COVER = '{"type":"cover","pad":""}';

/**
 * The size a round's frames are padded to: whole kilobytes up to 8 KB (a chat line, a view), whole 4 KB up
 * to API Gateway's 32 KB frame, whole 32 KB beyond. A bucket never holds more billed 32 KB units than the
 * frames it pads, and is coarse enough that its size says little of what a frame holds (a mafia line's
 * length to the kilobyte, not to the byte).
 */
export function bucketOf(bytes: number): number {
  const step = bytes <= 8 * KB ? KB : bytes <= 32 * KB ? 4 * KB : 32 * KB;
  return Math.max(KB, Math.ceil(bytes / step) * step);
}

/** The room a frame of `bytes` needs in a bucket: itself and its `pad` field. */
export const paddedNeed = (bytes: number): number => bytes + PAD_FIELD;

/**
 * A frame's JSON `text` (an object, `bytes` long in UTF-8) grown to exactly `size` bytes by a `pad` field
 * of spaces at its end, which every client ignores.
 */
export function padTo(text: string, bytes: number, size: number): string {
  return `${text.slice(0, -1)},"pad":"${' '.repeat(size - bytes - PAD_FIELD)}"}`;
}

/** A `cover` frame of exactly `size` bytes: it brings nothing, and a client drops it. */
export function coverOf(size: number): string {
  return `${COVER.slice(0, -2)}${' '.repeat(size - COVER.length)}"}`;
}

/**
 * The seats whose frames of a round are made alike, each seat in one group: from the deal to the end of
 * the game, the living, and apart from them the players out. What a seat is sent then depends on its role
 * (the mafia's channel and votes at night, a check's result, the teammates a view names), so an observer of
 * the network who sees only how many frames each phone gets and their sizes would otherwise tell the mafia
 * from the town. The host and the spectators are no seat: they are told apart by what they are anyway.
 */
export function coverGroupOf(shown: GameState, now: GameState, seat: Place): 'alive' | 'out' | null {
  if (typeof seat !== 'number' || now.phase.kind === 'lobby' || shown.phase.kind === 'over') return null;
  if (!(String(seat) in now.names)) return null;
  return now.alive.includes(seat) ? 'alive' : 'out';
}

/** The seats of a group, as `coverGroupOf` has them. */
export function coverGroup(shown: GameState, now: GameState, group: 'alive' | 'out'): number[] {
  return Object.keys(now.names)
    .map(Number)
    .filter((seat) => coverGroupOf(shown, now, seat) === group);
}
