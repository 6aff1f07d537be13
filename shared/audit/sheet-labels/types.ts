import type { NightOutcome } from '../../log/records.js';
import type { BallotLine, DayLine, Departure, RoleLetter, SheetWinner } from '../sheet.js';

/**
 * Every word the printable protocols (sport's and the club's) print, in one language. `{0}`, `{1}` … stand
 * for the values the page fills in (numbers, seats, names); a locale may put them in any order.
 */
export interface SheetLabels {
  /** The page's `lang`. */
  lang: string;
  /** The months as a date writes them ("1 December 2026"), January first. */
  months: readonly string[];
  /** {0} day, {1} month, {2} year. */
  date: string;

  title: string;
  draft: string;
  tournament: string;
  stage: string;
  dateLabel: string;
  table: string;
  game: string;
  judge: string;
  /** In the page's title: "table {0}", "game {0}". */
  tableNumber: string;
  gameNumber: string;

  /** A seat as the page names it: "#{0}". */
  seatNumber: string;
  seat: string;
  player: string;
  role: string;
  roleLetter: Record<Exclude<RoleLetter, ''>, string>;
  fouls: string;
  /** A foul box's round: "r{0}". */
  foulRound: string;
  left: string;
  /** How a player left, {0} the round: "shot, night {0}". */
  leftHow: Record<Departure['how'], string>;
  points: string;
  win: string;
  bestMove: string;
  extra: string;
  penalty: string;
  total: string;

  winner: string;
  winners: Record<SheetWinner, string>;
  /** {0} the seat (as seatNumber writes it), {1} player, {2} the seats he named, {3} how many are black, {4} the bonus. */
  bestMoveLine: string;
  none: string;

  voting: string;
  /** {0} day, {1} the nominations, {2} the day's result. */
  dayCaption: string;
  ballot: string;
  decided: string;
  ballotKind: Record<BallotLine['kind'], string>;
  decision: Record<BallotLine['decided'], string>;
  dayResult: Record<DayLine['result'], string>;
  /** {0} the seats whose hands were not raised. */
  unused: string;
  /** A lift-all ballot's cell: {0} the votes to leave, {1} the votes to stay. */
  leaveStay: string;

  nights: string;
  night: string;
  shots: string;
  result: string;
  don: string;
  sheriff: string;
  recordedByJudge: string;
  /** {0} the seat all shot (as seatNumber writes it). */
  jointShot: string;
  miss: string;
  check: Record<'sheriff' | 'notSheriff' | 'red' | 'black', string>;

  protests: string;
  /** {0} the judge's name. */
  judgeSigned: string;
  judgeSignature: string;

  club: ClubLabels;
}

/** The club protocol's own words (seed 004). */
export interface ClubLabels {
  title: string;
  host: string;
  /** {0} the host's name. */
  hostSigned: string;
  hostSignature: string;
  remarks: string;
  acquaintance: string;
  days: string;
  /** {0} the night's number. */
  nightNumber: string;
  roles: Record<'civilian' | 'mafia' | 'don' | 'lover' | 'sheriff' | 'doctor' | 'maniac', string>;
  wake: Record<'lover' | 'mafia' | 'don' | 'sheriff' | 'doctor' | 'maniac', string>;
  winners: Record<'town' | 'mafia' | 'maniac' | 'draw', string>;
  reason: Record<NightOutcome['reason'], string>;
  putana: string;
  mafiaShot: string;
  doctor: string;
  maniac: string;
  outcome: string;
  blocked: string;
  /** {0} the seats out after the night. */
  out: string;
  /** {0} the seat the Putana visited (as seatNumber writes it). */
  alibi: string;
  /** {0} a leader kept by the alibi (as seatNumber writes it). */
  stays: string;
}
