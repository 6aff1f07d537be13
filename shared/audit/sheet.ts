import type { HowEliminated, Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';
import type {
  BallotKind,
  BallotRecord,
  CheckResult,
  NightReport,
  OutcomeReason,
  VoteValue,
} from '../log/records.js';
import type { RoleId, TeamId } from '../roles/index.js';
import { ROLES } from '../roles/index.js';
import { bestMoveBonus, type PointsLine, pointsBySeat } from './points.js';

/** The sport sheet's role column: S Sheriff, M mafioso, D Don, blank for a civilian. */
export type RoleLetter = 'S' | 'M' | 'D' | '';

/** Sport's team colours; teams of other rule sets keep their ids. */
export type SheetWinner = 'red' | 'black' | 'draw' | Exclude<TeamId, 'town' | 'mafia' | 'neutral'>;

export interface SheetHeader {
  tournament: string;
  stage: string;
  /** The day the room was created, as an ISO date (UTC). */
  date: string;
  table: string;
  game: string;
  /** The host of the room is the table's judge. */
  judge: string;
}

/** One of the four foul boxes: when the foul was given (ISO time) and in which round. */
export interface FoulBox {
  at: string;
  round: number;
}

export interface Departure {
  how: HowEliminated;
  round: number;
  /** The judge's reason for a disqualification; null otherwise. */
  reason: string | null;
}

export interface SeatLine {
  seat: Seat;
  player: string;
  role: RoleLetter;
  fouls: FoulBox[];
  left: Departure | null;
  /** Null until the game is over. */
  points: PointsLine | null;
}

export interface BestMoveLine {
  seat: Seat;
  player: string;
  /** The three seats he named as black; empty if he let his last word pass without naming them. */
  targets: Seat[];
  blacks: number;
  bonus: number;
}

/** What a ballot led to: someone out, a revote or lift-all vote next, all out/all stay, or nobody. */
export type BallotDecision = 'out' | 'revote' | 'lift' | 'allOut' | 'allStay' | 'nobody' | 'pending';

export interface BallotLine {
  kind: BallotKind;
  candidates: Seat[];
  /** Votes per candidate (or leave/stay), the unused votes counted as the rules say. */
  tally: Record<string, number>;
  /** Who raised a hand for each candidate (or leave/stay), unused votes included where they count. */
  voters: Record<string, Seat[]>;
  /** Voter → vote, as cast. */
  votes: Record<string, VoteValue>;
  /** The living who did not vote: counted for the last candidate, or as "stay" in a lift-all vote. */
  unused: Seat[];
  leaders: Seat[];
  leaves: Seat[];
  decided: BallotDecision;
}

/** What the day's voting came to: someone out, nobody, no vote held, a cancelled vote, or still going. */
export type DayResult = 'out' | 'nobody' | 'noVote' | 'cancelled' | 'pending';

export interface DayLine {
  round: number;
  /** In the order the judge accepted them. */
  nominations: Array<{ by: Seat; target: Seat }>;
  ballots: BallotLine[];
  result: DayResult;
  leaves: Seat[];
}

export interface CheckLine {
  seat: Seat;
  target: Seat;
  result: CheckResult;
}

export interface NightLine {
  round: number;
  /** Each living black's shot, by seat; empty when the judge recorded only the result (C4). */
  shots: Array<{ seat: Seat; target: Seat | null }>;
  /** The judge recorded only the result ("joint shot on X" or "miss"). */
  recorded: boolean;
  result: 'joint' | 'miss';
  /** The seat of a joint shot; for a miss, the seat all aimed at when one of them did not shoot. */
  target: Seat | null;
  reason: OutcomeReason;
  deaths: Seat[];
  donCheck: CheckLine | null;
  sheriffCheck: CheckLine | null;
}

/** The sport game protocol (sport-rules.md "The game sheet"): plain data, JSON as it is. */
export interface GameSheet {
  header: SheetHeader;
  /** False while the game goes on: the judge's working copy, roles shown but points not yet due. */
  final: boolean;
  seats: SeatLine[];
  winner: SheetWinner | null;
  bestMove: BestMoveLine | null;
  days: DayLine[];
  nights: NightLine[];
  /** Protests are written in by hand at the table; the sheet leaves their lines empty. */
  protests: string[];
}

const LETTERS: Partial<Record<RoleId, RoleLetter>> = { sheriff: 'S', mafia: 'M', don: 'D' };
const COLOURS: Partial<Record<string, SheetWinner>> = { town: 'red', mafia: 'black' };

const roleOf = (s: GameState, seat: Seat) => s.roles[seat] as RoleId | undefined;
const isBlack = (s: GameState, seat: Seat) => ROLES[roleOf(s, seat) ?? 'civilian'].black;
export const seatsOf = (s: GameState) =>
  Object.keys(s.names)
    .map(Number)
    .sort((a, b) => a - b);
const isoTime = (ms: number) => new Date(ms).toISOString();
const ascending = (seats: Seat[]) => [...seats].sort((a, b) => a - b);

export function buildSheet(s: GameState): GameSheet {
  const final = s.phase.kind === 'over';
  const points = pointsBySeat(s);
  return {
    header: sheetHeader(s),
    final,
    seats: seatsOf(s).map((seat) => seatLine(s, seat, points?.[seat] ?? null)),
    winner: final && s.winner ? (COLOURS[s.winner] ?? (s.winner as SheetWinner)) : null,
    bestMove: bestMoveLine(s),
    days: dayRounds(s).map((round) => dayLine(s, round)),
    nights: s.nights.map((night) => nightLine(s, night)),
    protests: [],
  };
}

export function sheetHeader(s: GameState): SheetHeader {
  return {
    tournament: s.settings.meta.tournament,
    stage: s.settings.meta.stage,
    date: isoTime(s.createdAt).slice(0, 10),
    table: s.settings.meta.table,
    game: s.settings.meta.game,
    judge: s.hostName,
  };
}

/** How and when a seat left the game, with the reason of a disqualification; null while he plays. */
export function departureOf(s: GameState, seat: Seat): Departure | null {
  const out = s.eliminated.find((e) => e.seat === seat);
  if (!out) return null;
  const reason = s.disqualifications.find((d) => d.seat === seat)?.reason ?? null;
  return { how: out.how, round: out.round, reason: out.how === 'disqualified' ? reason : null };
}

function seatLine(s: GameState, seat: Seat, points: PointsLine | null): SeatLine {
  return {
    seat,
    player: s.names[seat] ?? '',
    role: LETTERS[roleOf(s, seat) ?? 'civilian'] ?? '',
    fouls: s.foulLog.filter((f) => f.seat === seat).map((f) => ({ at: isoTime(f.at), round: f.round })),
    left: departureOf(s, seat),
    points,
  };
}

function bestMoveLine(s: GameState): BestMoveLine | null {
  if (!s.bestMove) return null;
  const targets = s.bestMove.targets ?? [];
  return {
    seat: s.bestMove.seat,
    player: s.names[s.bestMove.seat] ?? '',
    targets,
    blacks: targets.filter((t) => isBlack(s, t)).length,
    bonus: bestMoveBonus(s),
  };
}

/** Days 1 to the last one that had talk or voting; a day ended at its last word (game over) has none. */
export function dayRounds(s: GameState): number[] {
  const rounds = [
    ...s.nights.map((n) => n.round),
    ...s.ballots.map((b) => b.round),
    ...s.nominationLog.map((n) => n.round),
    ...s.eliminated.filter((e) => e.how !== 'shot' && e.how !== 'killed').map((e) => e.round),
    s.phase.kind === 'day' ? s.phase.round : 0,
  ];
  const last = Math.max(0, ...rounds);
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** Whether day `round` is still being played (its voting may go on). */
const isToday = (s: GameState, round: number) => s.phase.kind === 'day' && s.phase.round === round;

/**
 * Who was alive at the ballots of day `round`: everyone not out before that day. Exact for sport, where a
 * removal by fouls or disqualification during the day cancels the rest of that day's voting.
 */
const aliveForDay = (s: GameState, round: number) =>
  seatsOf(s).filter((seat) => !s.eliminated.some((e) => e.seat === seat && e.round < round));

export function dayLine(s: GameState, round: number): DayLine {
  const records = s.ballots.filter((b) => b.round === round);
  const leaves = ascending(
    s.eliminated.filter((e) => e.how === 'vote' && e.round === round).map((e) => e.seat),
  );
  const voters = aliveForDay(s, round);
  const ballots = records.map((b, i) => ballotLine(s, b, records[i + 1], voters, leaves));
  return {
    round,
    nominations: s.nominationLog.filter((n) => n.round === round).map(({ by, target }) => ({ by, target })),
    ballots,
    result: dayResult(s, round, ballots, leaves),
    leaves,
  };
}

function dayResult(s: GameState, round: number, ballots: BallotLine[], leaves: Seat[]): DayResult {
  if (leaves.length > 0) return 'out';
  const last = ballots[ballots.length - 1];
  if (last) return last.decided === 'pending' ? 'pending' : 'nobody';
  if (isToday(s, round)) return 'pending';
  const nominees = s.nominationLog.filter((n) => n.round === round).length;
  const min = round === 1 ? s.settings.minCandidatesDay1 : s.settings.minCandidates;
  const noVoteToday = round === 1 && s.settings.firstDay === 'noVote';
  // Enough nominees and still no ballot: a removal by fouls or disqualification cancelled the vote.
  return nominees === 0 || nominees < min || noVoteToday ? 'noVote' : 'cancelled';
}

function ballotLine(
  s: GameState,
  b: BallotRecord,
  next: BallotRecord | undefined,
  alive: Seat[],
  votedOut: Seat[],
): BallotLine {
  const unused = alive.filter((seat) => !(seat in b.votes));
  const columns = b.kind === 'lift' ? ['leave', 'stay'] : b.candidates.map(String);
  const voters: Record<string, Seat[]> = Object.fromEntries(columns.map((c) => [c, [] as Seat[]]));
  for (const [voter, vote] of Object.entries(b.votes)) voters[String(vote)]?.push(Number(voter));
  const unusedGoTo =
    b.kind === 'lift' ? 'stay' : s.settings.unusedVotesToLast ? columns[columns.length - 1] : undefined;
  if (unusedGoTo !== undefined) voters[unusedGoTo].push(...unused);
  for (const c of columns) voters[c].sort((x, y) => x - y);
  return {
    kind: b.kind,
    candidates: b.candidates,
    tally: b.tally,
    voters,
    votes: b.votes,
    unused,
    leaders: b.leaders,
    leaves: b.leaves,
    decided: decisionOf(s, b, next, votedOut),
  };
}

function decisionOf(
  s: GameState,
  b: BallotRecord,
  next: BallotRecord | undefined,
  votedOut: Seat[],
): BallotDecision {
  if (b.kind === 'lift') return b.leaves.length > 0 ? 'allOut' : 'allStay';
  // A ballot's leader may still stay (another rule set's alibi): the sheet says what really happened.
  if (b.leaves.length > 0 && b.leaves.every((seat) => votedOut.includes(seat))) return 'out';
  if (next) return next.kind === 'lift' ? 'lift' : 'revote';
  // Tied with no ballot after it yet: the defences or the next ballot are under way.
  return isToday(s, b.round) && b.leaves.length === 0 ? 'pending' : 'nobody';
}

/** The blacks who had to take part in night `round`'s joint shot: every black still in at its end. */
function shootersOf(s: GameState, round: number): Seat[] {
  return seatsOf(s).filter((seat) => {
    const role = roleOf(s, seat);
    if (!role || !ROLES[role].abilities.includes('mafiaShot')) return false;
    const out = s.eliminated.find((e) => e.seat === seat);
    // The night's own victims leave only in the morning; anyone else out by then missed the shot.
    return !out || out.round > round || (out.round === round && (out.how === 'shot' || out.how === 'killed'));
  });
}

function nightLine(s: GameState, night: NightReport): NightLine {
  const outcome = night.outcomes.find((o) => o.by === 'mafia');
  const shots = night.recordedShot
    ? []
    : shootersOf(s, night.round).map((seat) => ({
        seat,
        target: night.actions.find((a) => a.seat === seat && a.ability === 'shoot')?.target ?? null,
      }));
  return {
    round: night.round,
    shots,
    recorded: night.recordedShot !== null,
    result: outcome?.killed ? 'joint' : 'miss',
    target: outcome?.target ?? null,
    reason: outcome?.reason ?? 'noShot',
    deaths: night.deaths.map((d) => d.seat),
    donCheck: checkOf(s, night, true),
    sheriffCheck: checkOf(s, night, false),
  };
}

/** The Don's check (`don`) or the other checker's, with its answer; null when there was none. */
export function checkOf(s: GameState, night: NightReport, don: boolean): CheckLine | null {
  const a = night.actions.find((x) => x.ability === 'check' && (roleOf(s, x.seat) === 'don') === don);
  return a?.result ? { seat: a.seat, target: a.target, result: a.result } : null;
}
