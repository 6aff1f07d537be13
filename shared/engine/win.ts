import type { RoleId, Seat, TeamId, Winner } from '../domain/vocabulary.js';
import { ROLES } from '../roles/index.js';
import type { GameState } from './state.js';

const teamOf = (s: GameState, seat: Seat): TeamId => ROLES[s.roles[seat] as RoleId]?.team ?? 'town';

/** Every member of the winning team, alive or dead (B12), ascending. */
export function winnersOf(s: GameState, winner: Winner): Seat[] {
  if (winner === 'draw') return [];
  return Object.keys(s.roles)
    .map(Number)
    .filter((seat) => teamOf(s, seat) === winner)
    .sort((a, b) => a - b);
}

/**
 * Who has won with the players now alive, or null while the game goes on.
 * Town: no threat left (B11, C2, C14). Mafia: at least as many as everyone else (A2, B11, C2), needing a
 * majority while the Maniac lives (C15). Maniac: alive with one other player left (C18).
 */
export function winnerNow(s: GameState): Winner | null {
  if (s.alive.length === 0) return 'draw';
  const count = { town: 0, mafia: 0, maniac: 0, yakuza: 0, jester: 0 } satisfies Record<TeamId, number>;
  for (const seat of s.alive) count[teamOf(s, seat)]++;
  const others = (team: TeamId) => s.alive.length - count[team];
  if (count.mafia === 0 && count.maniac === 0 && count.yakuza === 0) return 'town';
  if (count.maniac === 0 && count.yakuza === 0 && count.mafia >= others('mafia')) return 'mafia';
  if (count.maniac > 0 && count.yakuza === 0 && count.mafia > others('mafia')) return 'mafia';
  if (count.mafia === 0 && count.maniac === 0 && count.yakuza >= others('yakuza')) return 'yakuza';
  if (count.maniac > 0 && s.alive.length <= 2) return 'maniac';
  return null;
}
