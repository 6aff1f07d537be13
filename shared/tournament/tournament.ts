import * as v from 'valibot';
import type { GameState } from '../engine/state.js';
import { type CountedGame, countedGame, type TableGame } from './game-record.js';
import { type PlayerRating, type Ratings, ratingsOf } from './rating.js';
import { drawSeating, type SeatedRound, swapPlayers } from './seating.js';
import { type Standing, standingsOf } from './standings.js';

const count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/**
 * A tournament as its organizer keeps it (docs/tournaments.md): its players, with ids that stay theirs
 * across tournaments; rounds × tables of ten seated from a recorded seed; the swaps made before rounds;
 * and, round by round, the game each table played.
 */
export const tournamentSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  players: v.array(v.strictObject({ id, name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) })),
  rounds: count,
  tables: count,
  seed: v.pipe(v.number(), v.integer()),
  swaps: v.optional(v.array(v.strictObject({ round: count, a: id, b: id })), []),
  games: v.optional(v.array(v.strictObject({ round: count, table: count, gameId: id })), []),
  /** Ratings the players bring from earlier tournaments (player id → rating and games played). */
  ratingsBefore: v.optional(
    v.record(
      id,
      v.strictObject({ rating: v.number(), games: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
    ),
    {},
  ),
});

export type Tournament = v.InferOutput<typeof tournamentSchema>;

export type TournamentProblem = { code: 'bad_tournament'; message: string };

const problem = (message: string): TournamentProblem => ({ code: 'bad_tournament', message });

export function parseTournament(json: unknown): Tournament | TournamentProblem {
  const r = v.safeParse(tournamentSchema, json);
  if (!r.success) {
    const issue = r.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return problem(path ? `${path}: ${issue.message}` : issue.message);
  }
  const t = r.output;
  if (new Set(t.games.map((g) => g.gameId)).size !== t.games.length) return problem('a game is listed twice');
  for (const g of t.games) {
    if (g.round > t.rounds || g.table > t.tables)
      return problem(`game ${g.gameId}: there is no table ${g.table} in round ${g.round}`);
    if (t.games.filter((o) => o.round === g.round && o.table === g.table).length > 1)
      return problem(`round ${g.round}, table ${g.table} lists two games`);
  }
  return t;
}

/** The seating as drawn from the seed, with the organizer's swaps applied in the order he made them. */
export function seatingOf(t: Tournament): SeatedRound[] | TournamentProblem {
  let seating = drawSeating({
    players: t.players.map((p) => p.id),
    rounds: t.rounds,
    tables: t.tables,
    seed: t.seed,
  });
  for (const swap of t.swaps) {
    if ('code' in seating) break;
    seating = swapPlayers(seating, swap.round, swap.a, swap.b);
  }
  return 'code' in seating ? problem(seating.message) : seating;
}

export interface TournamentResult {
  standings: Standing[];
  ratings: Ratings;
  /** The games counted, and those listed that have not ended yet (left out until they do). */
  counted: string[];
  unfinished: string[];
}

/**
 * The standings and ratings, from the folds of the listed games' logs and nothing else. A game whose seats
 * are not the seating's players (by name, as the judge seated them) is refused, not counted.
 */
export function tournamentResult(
  t: Tournament,
  games: Readonly<Record<string, GameState>>,
  /** The seating when already drawn (drawing it again takes seconds for a large tournament). */
  drawn?: readonly SeatedRound[],
): TournamentResult | TournamentProblem {
  const seating = drawn ?? seatingOf(t);
  if ('code' in seating) return seating;
  const nameOf = new Map(t.players.map((p) => [p.id, p.name]));
  const counted: CountedGame[] = [];
  const unfinished: string[] = [];
  const ordered = [...t.games].sort((a, b) => a.round - b.round || a.table - b.table);
  for (const ref of ordered) {
    const state = games[ref.gameId];
    if (state === undefined) return problem(`game ${ref.gameId}: its log is missing`);
    const ids = seating[ref.round - 1].tables[ref.table - 1];
    const table: TableGame = {
      ...ref,
      players: Object.fromEntries(ids.map((player, i) => [String(i + 1), player])),
    };
    for (const [seat, player] of Object.entries(table.players)) {
      const played = state.names[seat];
      if (played !== undefined && played !== nameOf.get(player))
        return problem(
          `game ${ref.gameId}: seat ${seat} was played by ${played}, the seating puts ${nameOf.get(player)} there`,
        );
    }
    const game = countedGame(table, state);
    if ('code' in game) {
      if (game.code === 'not_over') unfinished.push(ref.gameId);
      else return problem(game.message);
    } else counted.push(game);
  }
  return {
    standings: standingsOf(
      t.players.map((p) => p.id),
      counted,
    ),
    ratings: ratingsOf(counted, t.ratingsBefore as Record<string, PlayerRating>),
    counted: counted.map((g) => g.gameId),
    unfinished,
  };
}
