import type { AnySheet } from '../audit/sheets.js';
import type { Phase, Seat } from '../domain/vocabulary.js';
import type { Channel, May } from '../engine/may.js';
import type { Ballot, Nomination } from '../engine/state.js';
import type { LogReceipt } from '../log/events.js';
import type { BallotRecord, CheckResult, Elimination, NightAction, NightOutcome } from '../log/records.js';
import type { AbilityId, RoleId, TeamId, WakeGroup, Winner } from '../roles/index.js';
import type { Settings } from '../rules/settings.js';
import type { DayEndView } from './day-end.js';
import type { StoryChapter } from './story.js';
import type { UndoStep } from './undo.js';

export type { Channel, May, MayCommand } from '../engine/may.js';

export type Viewer =
  | { kind: 'seat'; seat: Seat }
  | { kind: 'host' }
  | { kind: 'spectator' }
  | { kind: 'analyst' };

export interface SeatView {
  seat: Seat;
  name: string;
  alive: boolean;
  /** Only where the viewer may know it: his own, his team's, revealed, or after the game. */
  role: RoleId | null;
  /** The team of that role, where the role is shown. */
  team: TeamId | null;
  fouls: number;
  remarks: number;
  /** The judge's extra points for this seat, once he has given any (public, as on the sheet). */
  extraPoints: number | null;
  /** Why the judge disqualified this player (announced at the table); null if he was not. */
  disqualifiedFor: string | null;
}

export interface ClockView {
  id: string;
  /** ms since epoch when it ends; null while paused. */
  at: number | null;
  remaining: number;
  advisory: boolean;
}

/** What a seat knows of himself. */
export interface YouView {
  seat: Seat;
  alive: boolean;
  role: RoleId | null;
  team: TeamId | null;
  teammates: Seat[];
  /** Abilities usable now, with what he has done with them this night and the seats each may still name. */
  abilities: Array<{
    ability: AbilityId;
    wake: WakeGroup;
    done: boolean;
    target: Seat | null;
    targets: Seat[];
  }>;
  /** Tonight's joint shots of his teammates, so the team can agree (A5: split shots do not count). */
  teamShots: Array<{ seat: Seat; target: Seat }>;
  /** His own checks, every night so far. */
  checks: Array<{ round: number; target: Seat; result: CheckResult }>;
  /**
   * His own other night moves of every past night (the Doctor's heal, the Putana's visit, the Maniac's
   * kill…): what he did, kept in view by day as his checks are; never what came of it.
   */
  moves: Array<{ round: number; ability: AbilityId; target: Seat }>;
  /** He has said "I know my team" on the introduction night (A8). */
  knowTeam: boolean;
  /** The mafia only: who of the team has the mafia microphone on tonight (A3), himself included. */
  mafiaMic: Seat[];
  card: number | null;
}

/** The morning's announcement: who died, or a miss (C4: players see only the result). */
export interface MorningView {
  round: number;
  killed: Seat[];
}

/** What the host sees and may record: the night script (C12) and the night's result with reasons. */
export interface HostView {
  roles: Record<string, RoleId>;
  /**
   * Seats with no phone of their own (seated by the host: no device key recorded). At a narrator's table
   * the host passes his phone round to them so they see their cards.
   */
  phoneless: Seat[];
  wake: WakeGroup | null;
  /** Who is awake now and which ability to record for them. */
  script: Array<{ wake: WakeGroup; seats: Seat[]; ability: AbilityId; done: boolean }>;
  /** The groups whose shot is joint: the moderator records only where it landed, or a miss (A5, C4). */
  jointWakes: WakeGroup[];
  actions: NightAction[];
  recordedShot: { target: Seat | null } | null;
  /**
   * The acquaintance night (E3, C10): the group awake now and its seats, for the host's protocol; without a
   * wake script, the mafia meeting.
   */
  meeting: { wake: WakeGroup | null; seats: Seat[] } | null;
  /** What the night would produce if it ended now. */
  preview: NightOutcome[] | null;
  /** What the host's `undo` takes back now; null when there is nothing to take back. */
  undo: UndoStep | null;
}

/**
 * Each family's own part of a view, under its own key, added by the family itself (declaration merging: the
 * forum's `forum`, its newspaper for all and one's own points, level, items and moves). Every view carries
 * every family's key: null in games of other families.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the families add their parts to it
export interface RuleSetViewParts {}

export interface GameView extends RuleSetViewParts {
  viewer: Viewer['kind'];
  seat: Seat | null;
  hostName: string;
  settings: Settings;
  phase: Phase;
  speaker: Seat | null;
  muted: boolean;
  clock: ClockView | null;
  seats: SeatView[];
  you: YouView | null;
  /**
   * Every command this viewer (a seat, or the host) may send now, with the values `decide` takes: built from
   * `decide`'s own checks. A client offers these and derives no permission of its own (docs/protocol.md).
   */
  may: May;
  nominations: Nomination[];
  /** Who said "ready to vote" in today's discussion (said aloud at the table: public). */
  ready: Seat[];
  ballot: Ballot | null;
  ballots: BallotRecord[];
  morning: MorningView | null;
  cards: { count: number; picked: Record<string, number> } | null;
  bestMove: { seat: Seat; targets: Seat[] | null; open: boolean } | null;
  eliminated: Elimination[];
  over: boolean;
  winner: Winner | null;
  winners: Seat[];
  points: Record<string, number> | null;
  host: HostView | null;
  /** The automatic room's host who holds no seat, at night: the seats that have acted tonight (not what). */
  acted: Seat[] | null;
  /** Sport's or the club's game sheet: the host's working copy during the game, everyone's once it is over. */
  sheet: AnySheet | null;
  /** Through the night after a day that ended with nobody voted out: how it ended (public, as at the table). */
  dayEnd: DayEndView | null;
  /** The game this table went on to play (a rematch): every phone that sat here follows it. */
  rematch: { gameId: string; code: string } | null;
  /**
   * A player's (and the host's) receipt of the log he played, once the server signed it at the end: kept,
   * it proves which log that was (`mafia audit LOG --receipt`). Null for spectators and before the end.
   */
  receipt: LogReceipt | null;
  /** Once the game is over, for everyone: night by night what each player did, and each day who left. */
  story: StoryChapter[] | null;
  /**
   * The chat channels the viewer may read now. Their messages are not in the view: each channel's latest
   * page comes in a `thread` frame with every full view a connection asks for, and its new lines in `chat`
   * frames.
   */
  chat: Channel[];
}
