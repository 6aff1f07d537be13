import { createHash } from 'node:crypto';
import type { Ids } from '../ports/ids.js';
import type { HeldGame } from './game-cache.js';

/**
 * A seat's token is `<secret>.<grant>`: a random secret and the version of the commit that gave the seat
 * (the join). Only the sha256 of the whole token is stored, so the grant cannot be changed without the token
 * no longer matching. The directory maps the hash to the seat as it was granted; a player who then moves
 * seats in the lobby (`takeSeat`) is followed through the log's seat changes after the grant. Reading the
 * move from the log, rather than rewriting the stored seat, keeps the token right whichever process served
 * the move, and needs no knowledge of the token when the move is made.
 */
export function mintToken(ids: Ids, grant: number): string {
  return `${ids.token()}.${grant}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The grant version written into a token, or null for a token this server never made. */
export function grantOf(token: string): number | null {
  const dot = token.lastIndexOf('.');
  if (dot < 1) return null;
  const grant = Number(token.slice(dot + 1));
  return Number.isSafeInteger(grant) && grant >= 1 ? grant : null;
}

/**
 * Where the player granted `seat` at version `grant` sits now, or null once he left the table (his token
 * must not open the seat for whoever sits there next). The moves of one commit happen at once (a swap).
 */
export function seatNow(game: HeldGame, seat: number, grant: number): number | null {
  let current: number | null = seat;
  let movedAt = 0;
  for (const move of game.moves) {
    if (current === null) break;
    if (move.seq <= grant || move.seq === movedAt || move.from !== current) continue;
    current = move.to;
    movedAt = move.seq;
  }
  return current;
}
