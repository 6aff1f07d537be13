import type { RoleId } from '../roles/index.js';
import { type CountedGame, colourOf } from './game-record.js';

/**
 * The rating (docs/tournaments.md): Elo across teams. A player's expected score is his team's chance
 * against the other team, from the two teams' average ratings and the red team's edge (red wins more
 * games of sport mafia than black when the players are equal); he gains or loses K × (result − expected),
 * where K is his role's weight — the Sheriff and the Don carry their team. A player's first games count
 * double, so a newcomer finds his level sooner.
 */
export const RATING = {
  start: 1500,
  scale: 400,
  /** Elo points of the red team's edge: 1/(1 + 10^(−40/400)) ≈ 0.557 for equal teams. */
  redEdge: 40,
  k: { civilian: 16, sheriff: 24, mafia: 20, don: 24 } as Partial<Record<RoleId, number>>,
  /** K for any other role. */
  otherK: 16,
  provisionalGames: 10,
  provisionalFactor: 2,
} as const;

export interface PlayerRating {
  rating: number;
  games: number;
}

/** One player's change in one game: the page of a player lists these. */
export interface RatingChange {
  gameId: string;
  player: string;
  role: RoleId;
  before: number;
  expected: number;
  result: number;
  after: number;
}

export interface Ratings {
  players: Record<string, PlayerRating>;
  changes: RatingChange[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Ratings after the games, in the order given (a tournament's round by round, table by table). Starts from
 * `from` (the ratings a player brought from earlier tournaments), else from RATING.start. A drawn game
 * scores ½ for everyone.
 */
export function ratingsOf(
  games: readonly CountedGame[],
  from: Readonly<Record<string, PlayerRating>> = {},
): Ratings {
  const players: Record<string, PlayerRating> = { ...from };
  const changes: RatingChange[] = [];
  const ratingOf = (player: string) => players[player]?.rating ?? RATING.start;
  for (const game of games) {
    const sides = { red: [] as number[], black: [] as number[] };
    for (const [seat, player] of Object.entries(game.players))
      sides[colourOf(game.roles[seat])].push(ratingOf(player));
    const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const red = average(sides.red) + RATING.redEdge;
    const black = average(sides.black);
    const redExpected = 1 / (1 + 10 ** ((black - red) / RATING.scale));
    const updates = Object.entries(game.players).map(([seat, player]) => {
      const role = game.roles[seat];
      const isRed = colourOf(role) === 'red';
      const expected = isRed ? redExpected : 1 - redExpected;
      const result = game.winner === 'draw' ? 0.5 : (game.points[seat]?.win ?? 0) > 0 ? 1 : 0;
      const played = players[player]?.games ?? 0;
      const k =
        (RATING.k[role] ?? RATING.otherK) * (played < RATING.provisionalGames ? RATING.provisionalFactor : 1);
      const before = ratingOf(player);
      return {
        gameId: game.gameId,
        player,
        role,
        before,
        expected,
        result,
        after: before + k * (result - expected),
      };
    });
    // Every change of a game reads the ratings before it: the order of the seats changes nothing.
    for (const u of updates) {
      players[u.player] = { rating: u.after, games: (players[u.player]?.games ?? 0) + 1 };
      changes.push({
        ...u,
        before: round1(u.before),
        expected: Math.round(u.expected * 1000) / 1000,
        after: round1(u.after),
      });
    }
  }
  for (const [id, p] of Object.entries(players)) players[id] = { ...p, rating: round1(p.rating) };
  return { players, changes };
}
