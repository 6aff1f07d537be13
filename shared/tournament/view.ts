import type { GameState } from '../engine/state.js';
import type { Ratings } from './rating.js';
import type { SeatedRound } from './seating.js';
import type { Standing } from './standings.js';
import { type Tournament, tournamentResult } from './tournament.js';

/** One table of one round as everyone may see it: who sits where, and the game it plays once opened. */
export interface TableView {
  round: number;
  table: number;
  /** Seat 1 … 10 → the player's id. */
  players: string[];
  game: { gameId: string; code: string | null; over: boolean } | null;
}

/**
 * A tournament as its page shows it to anyone holding its link: nothing in it is secret (the seating is
 * published, the standings are the finished games' sheets). `problem` says why there are no standings,
 * should a game's log refuse to count (a seat renamed in its lobby, say).
 */
export interface TournamentView {
  id: string;
  rev: number;
  name: string;
  rounds: number;
  tables: number;
  players: Array<{ id: string; name: string }>;
  seating: TableView[][];
  standings: Standing[];
  /** Every player's rating; the changes only of the player asked for (`tournamentRead {player}`). */
  ratings: Ratings;
  problem: string | null;
}

export function tournamentView(
  id: string,
  rev: number,
  t: Tournament,
  seating: readonly SeatedRound[],
  /** The room code each game still leads from (a lapsed code is left out). */
  codes: Readonly<Record<string, string>>,
  games: Readonly<Record<string, GameState>>,
  /** Whose rating changes to carry (a player's page); without it none, to keep the frame small. */
  player?: string,
): TournamentView {
  const result = tournamentResult(t, games, seating);
  return {
    id,
    rev,
    name: t.name,
    rounds: t.rounds,
    tables: t.tables,
    players: t.players.map((p) => ({ id: p.id, name: p.name })),
    seating: seating.map((r, i) =>
      r.tables.map((players, j) => {
        const ref = t.games.find((g) => g.round === i + 1 && g.table === j + 1);
        return {
          round: i + 1,
          table: j + 1,
          players: [...players],
          game:
            ref === undefined
              ? null
              : {
                  gameId: ref.gameId,
                  code: codes[ref.gameId] ?? null,
                  over: games[ref.gameId]?.winner != null,
                },
        };
      }),
    ),
    standings: 'code' in result ? [] : result.standings,
    ratings:
      'code' in result
        ? { players: {}, changes: [] }
        : {
            players: result.ratings.players,
            changes: result.ratings.changes.filter((c) => c.player === player),
          },
    problem: 'code' in result ? result.message : null,
  };
}
