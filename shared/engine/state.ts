import type { Phase, Seat } from '../domain/vocabulary.js';
import type { LogReceipt } from '../log/events.js';
import type {
  BallotKind,
  BallotRecord,
  ChatMessage,
  Deadline,
  Elimination,
  NightAction,
  NightReport,
  Step,
  VoteValue,
} from '../log/records.js';
import type { RoleId, WakeGroup, Winner } from '../roles/index.js';
import { PRESETS } from '../rules/presets.js';
import type { Settings } from '../rules/settings.js';

export interface Ballot {
  kind: BallotKind;
  candidates: Seat[];
  /** seat → vote; one vote per living player while the ballot is open. */
  votes: Record<string, VoteValue>;
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
  /** Living players who said "ready to vote" in the day's common discussion; all of them end it. */
  ready: Seat[];
}

/** The part of a phase the host's `undo` can roll back (moderator mode). */
export interface Scratch {
  actions: NightAction[];
  recordedShot: { target: Seat | null } | null;
  ballot: Ballot | null;
  nominations: Nomination[];
  nominationLog: NominationRecord[];
  /** What the game's rule set keeps of its own part for undo (the forum's orders of the night so far). */
  ruleSet: unknown;
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

/**
 * Each family's own part of a game's state, under its own key, added by the family itself (declaration
 * merging: the forum's `forum`); absent or null in games of other families.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the families add their parts to it
export interface RuleSetParts {}

export interface GameState extends Partial<RuleSetParts> {
  created: boolean;
  /** When the room was created (ms), for the game sheet's date. */
  createdAt: number;
  settings: Settings;
  hostName: string;
  /** The hash of the host's device key, where his phone sent one: a seat with the same is the host playing. */
  hostDevice: string | null;
  /** Seat → player name, for every seat taken. */
  names: Record<string, string>;
  /** Seat → hash of the device key of the phone that took it (none for players seated by the host). */
  devices: Record<string, string>;
  /** The game the same table went on to play, once the host opened it. */
  rematch: { gameId: string; code: string } | null;
  /** The server's signature of the log as the game ended (`logSealed`); null until then. */
  receipt: LogReceipt | null;
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
  /**
   * The state before the judge's last foul, remark or disqualification (moderator mode), so `undo` can take
   * it back with all it caused — a removal, a cancelled vote, the step that followed. `open` while that
   * action's own events are still being applied; cleared by the first event of anything after it.
   */
  judgeUndo: { before: GameState; open: boolean } | null;
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
  /** The latest CHAT_KEPT messages of each channel, oldest first. */
  chat: ChatMessage[];
  /**
   * How many messages each channel has had in all (the log keeps every one): a message's place in its
   * channel, by which a phone tells the lines it holds from those it lacks.
   */
  said: Record<ChatMessage['channel'], number>;
  /** Decided but not yet final: the last eliminated player still has his last word. */
  pendingWinner: { winner: Winner; winners: Seat[] } | null;
  winner: Winner | null;
  winners: Seat[];
}

/**
 * Messages of each chat channel the state keeps: more than a history page (THREAD_PAGE), so the latest page
 * of every channel is sent from the state; older pages are read from the log.
 */
export const CHAT_KEPT = 60;

export const LOBBY_PHASE: Phase = { id: 'lobby', kind: 'lobby', round: 0, stage: 'lobby' };

export const initialState: GameState = {
  created: false,
  createdAt: 0,
  settings: PRESETS.online.defaults,
  hostName: '',
  hostDevice: null,
  names: {},
  devices: {},
  rematch: null,
  receipt: null,
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
  judgeUndo: null,
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
  said: { table: 0, mafia: 0, dead: 0 },
  pendingWinner: null,
  winner: null,
  winners: [],
};
