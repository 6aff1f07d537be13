import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PointsLine } from '../../shared/audit/points.js';
import type { GameState } from '../../shared/engine/state.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import type { RoleId } from '../../shared/roles/index.js';
import { type CountedGame, countedGame } from '../../shared/tournament/game-record.js';
import { RATING, ratingsOf } from '../../shared/tournament/rating.js';
import { balanceOf, drawSeating, type SeatedRound, swapPlayers } from '../../shared/tournament/seating.js';
import { standingsOf } from '../../shared/tournament/standings.js';

const twenty = Array.from({ length: 20 }, (_, i) => `player-${i + 1}`);

function seating(players = twenty, rounds = 4, tables = 2, seed = 7): SeatedRound[] {
  const drawn = drawSeating({ players, rounds, tables, seed });
  if ('code' in drawn) throw new Error(drawn.message);
  return drawn;
}

/** A sport game played to its end from a scenario file of the suite. */
function finished(file: string): GameState {
  const parsed = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', file), 'utf8')),
  );
  if (!parsed.ok) throw new Error(parsed.message);
  const run = runScenario(parsed.scenario);
  if (!run.ok) throw new Error(run.message);
  return run.table.state;
}

const line = (win: number, extra = 0, bestMove = 0, penalty = 0): PointsLine => ({
  win,
  bestMove,
  extra,
  penalty,
  total: win + extra + bestMove + penalty,
});

/** A ten-seat game record: blacks on 2, 5, 9 (the Don), the Sheriff on 3, won by `winner`. */
function game(
  gameId: string,
  players: string[],
  winner: 'town' | 'mafia' | 'draw',
  extra: Record<number, number> = {},
) {
  const roles: Record<string, RoleId> = {};
  const points: Record<string, PointsLine> = {};
  players.forEach((_, i) => {
    const seat = i + 1;
    const role: RoleId =
      seat === 9 ? 'don' : seat === 2 || seat === 5 ? 'mafia' : seat === 3 ? 'sheriff' : 'civilian';
    roles[seat] = role;
    const black = role === 'mafia' || role === 'don';
    const won = winner !== 'draw' && (winner === 'mafia') === black ? 1 : 0;
    points[seat] = line(won, extra[seat] ?? 0);
  });
  const counted: CountedGame = {
    gameId,
    round: 1,
    table: 1,
    players: Object.fromEntries(players.map((p, i) => [String(i + 1), p])),
    winner,
    roles,
    points,
  };
  return counted;
}

describe('seating: tables of ten, seats and opponents spread', () => {
  it('given 20 players, 2 tables and 4 rounds, when drawn, then every player sits once a round, never twice on one seat number, and meets at least 17 of the 19 others', () => {
    const drawn = seating();
    for (const round of drawn) {
      expect(round.tables.map((t) => t.length)).toEqual([10, 10]);
      expect(new Set(round.tables.flat())).toEqual(new Set(twenty));
    }
    const balance = balanceOf(drawn);
    expect(balance.seatRepeats).toBe(0);
    expect(balance.fewestOpponents).toBeGreaterThanOrEqual(17);
    expect(Object.values(balance.players).every((p) => p.seats.length === 4)).toBe(true);
  });

  it("given a player's four seats, then they are spread over the table: some among the first five, some among the last five, and at least five apart end to end", () => {
    const balance = balanceOf(seating());
    for (const { seats } of Object.values(balance.players)) {
      expect(Math.min(...seats), seats.join(',')).toBeLessThanOrEqual(5);
      expect(Math.max(...seats), seats.join(',')).toBeGreaterThanOrEqual(6);
      expect(Math.max(...seats) - Math.min(...seats), seats.join(',')).toBeGreaterThanOrEqual(5);
    }
  });

  it('given the same players and seed, when drawn again (a replay), then the seating is the same; another seed draws another', () => {
    expect(seating()).toEqual(seating());
    expect(seating(twenty, 4, 2, 8)).not.toEqual(seating());
  });

  it('given a player count that does not fill the tables, a duplicate or no round, then the draw is refused and says why', () => {
    expect(drawSeating({ players: twenty.slice(1), rounds: 4, tables: 2, seed: 1 })).toMatchObject({
      code: 'bad_seating',
      message: expect.stringContaining('20 players, not 19'),
    });
    expect(
      drawSeating({
        players: [...twenty.slice(0, 19), twenty[0]],
        rounds: 1,
        tables: 2,
        seed: 1,
      }),
    ).toMatchObject({
      message: 'a player is listed twice',
    });
    expect(drawSeating({ players: twenty, rounds: 0, tables: 2, seed: 1 })).toMatchObject({
      code: 'bad_seating',
    });
  });

  it('given a published round, when the organizer swaps two players, then they change seats in that round only; a swap with nobody is refused', () => {
    const drawn = seating();
    const [a, b] = [drawn[1].tables[0][0], drawn[1].tables[1][4]];
    const swapped = swapPlayers(drawn, 2, a, b);
    if ('code' in swapped) throw new Error(swapped.message);
    expect(swapped[1].tables[0][0]).toBe(b);
    expect(swapped[1].tables[1][4]).toBe(a);
    expect(swapped[0]).toEqual(drawn[0]);
    expect(swapped[2]).toEqual(drawn[2]);
    expect(swapPlayers(drawn, 2, a, 'stranger')).toMatchObject({ code: 'bad_seating' });
    expect(swapPlayers(drawn, 9, a, b)).toMatchObject({ message: 'there is no round 9' });
  });
});

describe('standings: the sums of the sheets', () => {
  it("given finished sport games read from their play (seed 002's tournament rules: points for the win, the best move, the judge's extra points and penalties), then each player's standing is the sum of his sheets' lines", () => {
    const files = [
      'sport-best-move.json',
      'sport-black-wins.json',
      'sport-red-wins.json',
      'sport-sheet-full-game.json',
      'sport-draw.json',
    ];
    const games: CountedGame[] = files.map((file, g) => {
      // Each game seats ten of the twenty, shifted by the game's number, so players meet in several roles.
      const players = Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [String(i + 1), twenty[(i + g * 3) % 20]]),
      );
      const counted = countedGame({ gameId: `g${g}`, round: g + 1, table: 1, players }, finished(file));
      if ('code' in counted) throw new Error(counted.message);
      return counted;
    });
    const standings = standingsOf(twenty, games);

    for (const standing of standings) {
      const lines = games.flatMap((g) =>
        Object.entries(g.players)
          .filter(([, p]) => p === standing.player)
          .map(([seat]) => g.points[seat]),
      );
      const sum = (key: keyof PointsLine) => Math.round(lines.reduce((s, l) => s + l[key], 0) * 100) / 100;
      expect(standing.games).toBe(lines.length);
      expect(standing.points).toBe(sum('total'));
      expect(standing.extra).toBe(sum('extra'));
      expect(standing.bestMove).toBe(sum('bestMove'));
      expect(standing.penalty).toBe(sum('penalty'));
      expect(standing.wins).toBe(lines.filter((l) => l.win > 0).length);
    }
    expect(standings.map((s) => s.points)).toEqual([...standings.map((s) => s.points)].sort((a, b) => b - a));
  });

  it('given a game that has not ended, or a seating that does not match its seats, then it is not counted and says why', () => {
    const running = finished('sport-red-wins.json');
    const notOver = { ...running, phase: { ...running.phase, kind: 'day' as const } };
    const players = Object.fromEntries(twenty.slice(0, 10).map((p, i) => [String(i + 1), p]));
    expect(countedGame({ gameId: 'g', round: 1, table: 1, players }, notOver)).toMatchObject({
      code: 'not_over',
    });
    const nine = Object.fromEntries(twenty.slice(0, 9).map((p, i) => [String(i + 1), p]));
    expect(countedGame({ gameId: 'g', round: 1, table: 1, players: nine }, running)).toMatchObject({
      code: 'wrong_table',
    });
  });

  it('given equal points, then the tie-breaks decide in order (wins, extra points, best move, penalties); players equal on all share a place', () => {
    const ten = twenty.slice(0, 10);
    // Town wins: every red has 1 point. Seat 1 gets +0.3 extra in the first game, −0.3 in the second.
    const games = [game('a', ten, 'town', { 1: 0.3, 4: -0.3 }), game('b', ten, 'town', { 1: -0.3, 4: 0.3 })];
    const standings = standingsOf(ten, games);
    const reds = standings.filter((s) => s.points === 2);
    expect(reds).toHaveLength(7);
    expect(new Set(reds.map((s) => s.place))).toEqual(new Set([1]));
    expect(standings.find((s) => s.player === ten[1])).toMatchObject({ points: 0, wins: 0, place: 8 });
    expect(standings.find((s) => s.player === ten[2])!.byRole).toEqual({ sheriff: { games: 2, wins: 2 } });

    const more = standingsOf(ten, [
      game('c', ten, 'town', { 1: 0.5, 4: -0.5 }),
      game('d', ten, 'mafia', { 2: 1 }),
    ]);
    // Seat 1: 1 + 0.5 = 1.5 from one win; seat 2 (black): 0 + 1 + 1 = 2 from one win and the extra point.
    expect(more[0]).toMatchObject({ player: ten[1], points: 2, place: 1 });
    const oneAndHalf = more.filter((s) => s.points === 1.5 || s.points === 1);
    expect(oneAndHalf[0]).toMatchObject({ player: ten[0], points: 1.5 });
  });
});

describe('ratings: role-aware Elo moved by every game', () => {
  it('given equal newcomers, when the red team wins, then each red gains and each black loses by his role weight, and the red edge makes a red win worth less than a black one', () => {
    const ten = twenty.slice(0, 10);
    const redWin = ratingsOf([game('a', ten, 'town')]);
    const blackWin = ratingsOf([game('b', ten, 'mafia')]);
    const redExpected = 1 / (1 + 10 ** (-RATING.redEdge / RATING.scale));
    const gain = (role: RoleId, result: number, expected: number) =>
      Math.round(RATING.k[role]! * RATING.provisionalFactor * (result - expected) * 10) / 10;
    expect(redWin.players[ten[0]].rating).toBe(RATING.start + gain('civilian', 1, redExpected));
    expect(redWin.players[ten[2]].rating).toBe(RATING.start + gain('sheriff', 1, redExpected));
    expect(redWin.players[ten[8]].rating).toBe(
      Math.round((RATING.start + RATING.k.don! * 2 * (0 - (1 - redExpected))) * 10) / 10,
    );
    expect(blackWin.players[ten[1]].rating - RATING.start).toBeGreaterThan(
      RATING.start - redWin.players[ten[1]].rating,
    );
    expect(redWin.changes).toHaveLength(10);
    expect(redWin.changes.every((c) => c.gameId === 'a')).toBe(true);
  });

  it('given a draw between equal teams, then reds lose a little and blacks gain a little (the red edge), and the seat order changes nothing', () => {
    const ten = twenty.slice(0, 10);
    const drawn = ratingsOf([game('a', ten, 'draw')]);
    expect(drawn.players[ten[0]].rating).toBeLessThan(RATING.start);
    expect(drawn.players[ten[1]].rating).toBeGreaterThan(RATING.start);
  });

  it('given ratings brought from earlier games, then a strong team expected to win gains less for it, and a player past his first games moves at the normal weight', () => {
    const ten = twenty.slice(0, 10);
    const veteran = Object.fromEntries(
      ten.map((p, i) => [p, { rating: [2, 5, 9].includes(i + 1) ? 1400 : 1700, games: 50 }]),
    );
    const after = ratingsOf([game('a', ten, 'town')], veteran);
    const civilianGain = after.players[ten[0]].rating - 1700;
    expect(civilianGain).toBeGreaterThan(0);
    expect(civilianGain).toBeLessThan(RATING.k.civilian! * 0.2);
    expect(after.players[ten[0]].games).toBe(51);
    expect(veteran[ten[0]]).toEqual({ rating: 1700, games: 50 });
  });
});
