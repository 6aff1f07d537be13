import { seededRandom, shuffle } from '../engine/random.js';
import { cheapestAssignment } from './assignment.js';

/** A tournament game is played by ten (sport-rules.md): the seating fills tables of this size. */
export const TABLE_SIZE = 10;

/** One round: `tables[t][seat - 1]` is the id of the player on that seat of table `t + 1`. */
export interface SeatedRound {
  round: number;
  tables: string[][];
}

export interface SeatingInput {
  players: readonly string[];
  rounds: number;
  tables: number;
  /** Recorded with the tournament, so the same seating is drawn again on replay. */
  seed: number;
}

export type SeatingProblem = { code: 'bad_seating'; message: string };

/** Starts tried for each round's tables: the spread of who meets whom is the best of these. */
const STARTS = 8;
/** A seat taken again costs more than any spread of seat numbers can gain. */
const SAME_SEAT = 10_000;

/**
 * Every round's seating, drawn so that (1) who meets whom is spread: each round's tables are the best of
 * several seeded starts improved by swapping players between tables while that lowers the sum of the
 * squares of earlier meetings; and (2) each player's seat numbers are spread: within a table, seats are
 * the cheapest assignment where a seat taken before costs most and a seat near one taken before costs
 * the more the nearer it is (so four rounds give seats far apart, such as 2, 9, 5, 7).
 */
export function drawSeating(input: SeatingInput): SeatedRound[] | SeatingProblem {
  const { players, rounds, tables, seed } = input;
  if (new Set(players).size !== players.length) return problem('a player is listed twice');
  if (!Number.isInteger(tables) || tables < 1) return problem('a tournament has at least one table');
  if (!Number.isInteger(rounds) || rounds < 1) return problem('a tournament has at least one round');
  if (players.length !== tables * TABLE_SIZE)
    return problem(
      `${tables} tables of ${TABLE_SIZE} seat ${tables * TABLE_SIZE} players, not ${players.length}`,
    );
  const history = new History();
  const seating: SeatedRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    const groups = bestTables(players, tables, history, seed * 1_000 + round);
    const seated = groups.map((group) => seatsFor(group, history));
    history.add(seated);
    seating.push({ round, tables: seated });
  }
  return seating;
}

/** The organizer's swap of two players in one round, before it is played; anything else is refused. */
export function swapPlayers(
  seating: readonly SeatedRound[],
  round: number,
  a: string,
  b: string,
): SeatedRound[] | SeatingProblem {
  const target = seating.find((r) => r.round === round);
  if (target === undefined) return problem(`there is no round ${round}`);
  if (a === b) return problem('a player cannot swap with himself');
  const seated = target.tables.flat();
  if (!seated.includes(a) || !seated.includes(b)) return problem(`both players must sit in round ${round}`);
  return seating.map((r) =>
    r.round !== round
      ? r
      : { round, tables: r.tables.map((table) => table.map((p) => (p === a ? b : p === b ? a : p))) },
  );
}

/** Per player: the seat numbers taken, round by round, and how often each other player was met. */
export interface PlayerBalance {
  seats: number[];
  met: Record<string, number>;
  opponents: number;
  mostMeetings: number;
}

export interface SeatingBalance {
  players: Record<string, PlayerBalance>;
  /** Players who took one seat number twice or more. */
  seatRepeats: number;
  /** The fewest and most different players anyone met, and the most games any two shared a table. */
  fewestOpponents: number;
  mostOpponents: number;
  mostMeetings: number;
}

export function balanceOf(seating: readonly SeatedRound[]): SeatingBalance {
  const players: Record<string, PlayerBalance> = {};
  for (const { tables } of seating) {
    for (const table of tables) {
      table.forEach((id, i) => {
        players[id] ??= { seats: [], met: {}, opponents: 0, mostMeetings: 0 };
        const line = players[id];
        line.seats.push(i + 1);
        for (const other of table) if (other !== id) line.met[other] = (line.met[other] ?? 0) + 1;
      });
    }
  }
  for (const line of Object.values(players)) {
    const counts = Object.values(line.met);
    line.opponents = counts.length;
    line.mostMeetings = Math.max(0, ...counts);
  }
  const lines = Object.values(players);
  return {
    players,
    seatRepeats: lines.filter((l) => new Set(l.seats).size < l.seats.length).length,
    fewestOpponents: Math.min(...lines.map((l) => l.opponents)),
    mostOpponents: Math.max(...lines.map((l) => l.opponents)),
    mostMeetings: Math.max(...lines.map((l) => l.mostMeetings)),
  };
}

class History {
  private readonly meetings = new Map<string, number>();
  private readonly seats = new Map<string, number[]>();

  met(a: string, b: string): number {
    return this.meetings.get(pairKey(a, b)) ?? 0;
  }

  seatsOf(player: string): number[] {
    return this.seats.get(player) ?? [];
  }

  add(tables: string[][]): void {
    for (const table of tables) {
      table.forEach((id, i) => {
        this.seats.set(id, [...this.seatsOf(id), i + 1]);
        for (const other of table)
          if (other < id) this.meetings.set(pairKey(id, other), this.met(id, other) + 1);
      });
    }
  }
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Meeting again costs the square of the times already met: two repeats are worse than two first ones. */
const again = (times: number) => (times + 1) ** 2 - times ** 2;

function tableCost(table: readonly string[], history: History): number {
  let cost = 0;
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++) cost += history.met(table[i], table[j]) ** 2;
  return cost;
}

function bestTables(players: readonly string[], count: number, history: History, seed: number): string[][] {
  const next = seededRandom(seed);
  let best: string[][] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (let start = 0; start < STARTS; start++) {
    const order = shuffle(players, Math.floor(next() * 2 ** 31));
    const groups = Array.from({ length: count }, (_, t) => order.slice(t * TABLE_SIZE, (t + 1) * TABLE_SIZE));
    improveBySwaps(groups, history);
    const cost = groups.reduce((sum, g) => sum + tableCost(g, history), 0);
    if (cost < bestCost) {
      best = groups;
      bestCost = cost;
    }
  }
  return best;
}

/** Swaps two players of different tables while some swap lowers the cost (a local optimum, always reached). */
function improveBySwaps(groups: string[][], history: History): void {
  const joinCost = (player: string, group: readonly string[], without: string) =>
    group.reduce(
      (sum, other) => (other === player || other === without ? sum : sum + again(history.met(player, other))),
      0,
    );
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        for (let x = 0; x < TABLE_SIZE; x++) {
          for (let y = 0; y < TABLE_SIZE; y++) {
            const a = groups[i][x];
            const b = groups[j][y];
            const now = joinCost(a, groups[i], a) + joinCost(b, groups[j], b);
            const swapped = joinCost(a, groups[j], b) + joinCost(b, groups[i], a);
            if (swapped < now) {
              groups[i][x] = b;
              groups[j][y] = a;
              improved = true;
            }
          }
        }
      }
    }
  }
}

function seatsFor(group: readonly string[], history: History): string[] {
  const cost = group.map((player) =>
    Array.from({ length: TABLE_SIZE }, (_, s) =>
      history
        .seatsOf(player)
        .reduce(
          (sum, taken) => sum + (taken === s + 1 ? SAME_SEAT : (TABLE_SIZE - Math.abs(taken - (s + 1))) ** 2),
          0,
        ),
    ),
  );
  const seatOf = cheapestAssignment(cost);
  const table = new Array<string>(TABLE_SIZE);
  group.forEach((player, i) => {
    table[seatOf[i]] = player;
  });
  return table;
}

const problem = (message: string): SeatingProblem => ({ code: 'bad_seating', message });
