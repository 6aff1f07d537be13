import { type PointsLine, pointsBySeat } from '../audit/points.js';
import type { GameState } from '../engine/state.js';
import { ROLES, type RoleId, type Winner } from '../roles/index.js';

/** Which tournament game a log is, and who sat where: from the tournament's seating, not from the log. */
export interface TableGame {
  gameId: string;
  round: number;
  table: number;
  /** Seat number → the tournament's player id. */
  players: Record<string, string>;
}

/** A finished game as a tournament counts it, read from the fold of its log. */
export interface CountedGame extends TableGame {
  winner: Winner;
  /** Seat → role, and seat → the sheet's points (sport-rules.md "Points"). */
  roles: Record<string, RoleId>;
  points: Record<string, PointsLine>;
}

export type GameNotCounted = { code: 'not_over' | 'wrong_table'; message: string };

export function countedGame(table: TableGame, state: GameState): CountedGame | GameNotCounted {
  const points = pointsBySeat(state);
  if (points === null || state.winner === null)
    return { code: 'not_over', message: `game ${table.gameId} has not ended` };
  const seats = Object.keys(state.names).sort();
  const seated = Object.keys(table.players).sort();
  if (seats.join() !== seated.join())
    return {
      code: 'wrong_table',
      message: `game ${table.gameId} was played on seats ${seats.join(', ')}, the seating names ${seated.join(', ')}`,
    };
  return { ...table, winner: state.winner, roles: { ...state.roles }, points };
}

/** Red or black (sport's colours), by the role's own row. */
export const colourOf = (role: RoleId): 'red' | 'black' => (ROLES[role].black ? 'black' : 'red');
