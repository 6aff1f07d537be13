import type { AbilityId, WakeGroup } from '../roles/index.js';
import { PRESETS } from '../rules/presets.js';
import type { Settings } from '../rules/settings.js';
import type { Elimination, Phase, RoleId, Seat, Stage, Winner } from './types.js';

/** A pending deadline. While the clock is paused `at` is null and `remaining` holds what is left (ms). */
export interface Deadline {
  id: string;
  at: number | null;
  remaining: number;
  /** With a human narrator or moderator the clock only advises: it ends nothing (A7). */
  advisory: boolean;
}

export type CheckResult = 'sheriff' | 'notSheriff' | 'red' | 'black';

export interface NightAction {
  seat: Seat;
  ability: AbilityId;
  target: Seat;
  /** A check's answer, known to the checker at once. */
  result?: CheckResult;
}

export type VoteValue = Seat | 'leave' | 'stay';
export type BallotKind = 'vote' | 'revote' | 'lift';

export interface Ballot {
  kind: BallotKind;
  candidates: Seat[];
  /** seat → vote; one vote per living player while the ballot is open. */
  votes: Record<string, VoteValue>;
}

/** A closed ballot as the game sheet keeps it. */
export interface BallotRecord {
  round: number;
  kind: BallotKind;
  candidates: Seat[];
  /** Votes per candidate (or leave/stay), the unused ones already counted where the rules say so. */
  tally: Record<string, number>;
  votes: Record<string, VoteValue>;
  leaders: Seat[];
  leaves: Seat[];
}

/** One planned step of the current phase. */
export interface Step {
  stage: Stage;
  speaker: Seat | null;
  seconds: number;
  wake?: WakeGroup;
  /** A speech turn without floor time (3rd foul): the player may still nominate. */
  muted?: boolean;
}

export interface Nomination {
  by: Seat;
  target: Seat;
}

export interface DayState {
  firstSpeaker: Seat | null;
  nominations: Nomination[];
  /** Leaders of the previous ballot of a split (to see whether the set changed). */
  previousLeaders: Seat[] | null;
  /** A removal cancelled this day's vote (sport fouls). */
  voteCancelled: boolean;
}

export type OutcomeReason =
  | 'killed'
  | 'notAllShot'
  | 'splitTargets'
  | 'noShot'
  | 'immune'
  | 'savedByDoctor'
  | 'guarded'
  | 'blocked'
  | 'recorded';

export interface NightOutcome {
  by: WakeGroup;
  target: Seat | null;
  killed: boolean;
  reason: OutcomeReason;
}

export interface NightReport {
  round: number;
  /** Every action of the night as taken (each black's shot, every check) for the sheet and audits. */
  actions: NightAction[];
  recordedShot: { target: Seat | null } | null;
  outcomes: NightOutcome[];
  deaths: Array<{ seat: Seat; how: 'shot' | 'killed' }>;
  /** Everyone who acted on the lover's alibi (E12): the seat she visited. */
  alibi: Seat | null;
}

export interface ChatMessage {
  seat: Seat;
  channel: 'table' | 'mafia' | 'dead';
  text: string;
  at: number;
  round: number;
}

/** The part of a phase the host's `undo` can roll back (moderator mode). */
export interface Scratch {
  actions: NightAction[];
  recordedShot: { target: Seat | null } | null;
  ballot: Ballot | null;
  nominations: Nomination[];
  nominationLog: NominationRecord[];
}

export interface FoulRecord {
  seat: Seat;
  fouls: number;
  at: number;
  round: number;
}

export interface NominationRecord extends Nomination {
  round: number;
}

export interface GameState {
  created: boolean;
  /** When the room was created (ms), for the game sheet's date. */
  createdAt: number;
  settings: Settings;
  hostName: string;
  /** Seat → player name, for every seat taken. */
  names: Record<string, string>;
  /** Seat → role once dealt; during manual dealing the host's assignments so far. */
  roles: Record<string, RoleId>;
  /** Face-down cards (hidden-card dealing) and who picked which. */
  deck: RoleId[] | null;
  picks: Record<string, number>;
  phase: Phase;
  step: number;
  speaker: Seat | null;
  muted: boolean;
  wake: WakeGroup | null;
  /** Steps still to come in this phase, in order. */
  agenda: Step[];
  deadline: Deadline | null;
  /** When the current step began (ms); night windows of non-mafia roles count from here. */
  stepStartedAt: number;
  alive: Seat[];
  eliminated: Elimination[];
  /** Mafiosi who pressed "I know my team" (A8). */
  known: Seat[];
  /** Mafiosi whose mafia microphone is on (A3), on the night `round`; stale once another night begins. */
  mafiaMic: { round: number; seats: Seat[] };
  actions: NightAction[];
  recordedShot: { target: Seat | null } | null;
  lastNight: NightReport | null;
  nights: NightReport[];
  day: DayState | null;
  previousFirstSpeaker: Seat | null;
  ballot: Ballot | null;
  ballots: BallotRecord[];
  undo: Scratch[];
  fouls: Record<string, number>;
  /** Every foul with its time and round, for the game sheet. */
  foulLog: FoulRecord[];
  /** Every nomination of every day, in order, for the game sheet. */
  nominationLog: NominationRecord[];
  disqualifications: Array<{ seat: Seat; reason: string; round: number }>;
  remarks: Record<string, number>;
  extraPoints: Record<string, number>;
  /** The player who may make the best move, his guess once made, and whether he still may. */
  bestMove: { seat: Seat; targets: Seat[] | null; open: boolean } | null;
  /** Players whose next speech the 3rd foul takes (sport). */
  silenced: Seat[];
  /** A removal after a vote's result cancels the next day's vote (sport). */
  cancelNextVote: boolean;
  /** Nights and days in a row without anyone leaving (sport's draw). */
  quiet: number;
  /** How many had left when the current night or day began: who leaves during it makes it not quiet. */
  leftBefore: number;
  chat: ChatMessage[];
  /** Decided but not yet final: the last eliminated player still has his last word. */
  pendingWinner: { winner: Winner; winners: Seat[] } | null;
  winner: Winner | null;
  winners: Seat[];
}

export const LOBBY_PHASE: Phase = { id: 'lobby', kind: 'lobby', round: 0, stage: 'lobby' };

export const initialState: GameState = {
  created: false,
  createdAt: 0,
  settings: PRESETS.online.defaults,
  hostName: '',
  names: {},
  roles: {},
  deck: null,
  picks: {},
  phase: LOBBY_PHASE,
  step: 0,
  speaker: null,
  muted: false,
  wake: null,
  agenda: [],
  deadline: null,
  stepStartedAt: 0,
  alive: [],
  eliminated: [],
  known: [],
  mafiaMic: { round: -1, seats: [] },
  actions: [],
  recordedShot: null,
  lastNight: null,
  nights: [],
  day: null,
  previousFirstSpeaker: null,
  ballot: null,
  ballots: [],
  undo: [],
  fouls: {},
  foulLog: [],
  nominationLog: [],
  disqualifications: [],
  remarks: {},
  extraPoints: {},
  bestMove: null,
  silenced: [],
  cancelNextVote: false,
  quiet: 0,
  leftBefore: 0,
  chat: [],
  pendingWinner: null,
  winner: null,
  winners: [],
};
