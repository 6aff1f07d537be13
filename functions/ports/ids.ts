/** Everything random the backend makes: names for new things, secrets, and the seed of a deal. */
export interface Ids {
  gameId(): string;
  /** A short code people read aloud and type: ROOM_CODE_LENGTH characters of ROOM_CODE_ALPHABET. */
  roomCode(): string;
  /** A secret of at least 128 random bits, base64url. */
  token(): string;
  /** A 32-bit seed for a random deal or a card shuffle (recorded in the events it shapes). */
  seed(): number;
  connectionId(): string;
}

/** No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code is read across a table and typed on a phone. */
export const ROOM_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const ROOM_CODE_LENGTH = 5;
