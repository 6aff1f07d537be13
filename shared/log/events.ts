import type { HowEliminated, Phase, Seat } from '../domain/vocabulary.js';
import { FORUM_EVENT_TYPES, type ForumEvent } from '../forum/events.js';
import type { RoleId, WakeGroup, Winner } from '../roles/index.js';
import type { Settings } from '../rules/settings.js';
import type {
  BallotKind,
  BallotRecord,
  ChatMessage,
  Deadline,
  NightAction,
  NightReport,
  Step,
  VoteValue,
} from './records.js';

/**
 * The deployment's signature of a log's head: its game, a version and that commit's hash, signed with the
 * deployment's private key (Ed25519; the statement signed is `sealStatement`, shared/audit/seal.ts).
 * Anyone holding the published public key can check it; nobody without the private key can make one.
 */
export interface LogReceipt {
  gameId: string;
  version: number;
  hash: string;
  /** Names the key: base64url of the SHA-256 of its public key (SPKI, DER). */
  keyId: string;
  /** base64url. */
  signature: string;
}

/** What happens to a game of any family. Events record results, never intentions: replay needs no rules. */
export type CoreEvent =
  /** `hostDevice`: the hash of the host's device key, so the room knows whether its host also holds a seat. */
  | { type: 'gameCreated'; settings: Settings; hostName: string; at: number; hostDevice?: string }
  | { type: 'settingsChanged'; settings: Settings }
  /** `device`: the hash of the joining phone's device key (never the key), so that it finds its seat again. */
  | { type: 'seatTaken'; seat: Seat; name: string; device?: string }
  | { type: 'seatChanged'; from: Seat; to: Seat }
  /** A phone that already holds the seat joined again: it is given the same seat. */
  | { type: 'seatReclaimed'; seat: Seat }
  | { type: 'seatsSwapped'; a: Seat; b: Seat }
  | { type: 'seatRenamed'; seat: Seat; name: string }
  /** The player left the lobby, or the host removed him: the seat is free again and his tokens open nothing. */
  | { type: 'seatLeft'; seat: Seat }
  /** The same people, seats and settings play again in the game `gameId` (room `code`). */
  | { type: 'rematchOpened'; gameId: string; code: string }
  | { type: 'roleAssigned'; seat: Seat; role: RoleId }
  | { type: 'deckShuffled'; deck: RoleId[] }
  | { type: 'cardPicked'; seat: Seat; card: number; role: RoleId }
  | { type: 'rolesDealt'; roles: Record<string, RoleId> }
  | {
      type: 'stepStarted';
      phase: Phase;
      speaker: Seat | null;
      muted: boolean;
      wake: WakeGroup | null;
      agenda: Step[];
      deadline: Deadline | null;
      at: number;
    }
  | { type: 'dayBegan'; round: number; firstSpeaker: Seat | null }
  | { type: 'nightBegan'; round: number }
  | { type: 'teamKnown'; seat: Seat }
  | { type: 'mafiaMicSwitched'; seat: Seat; on: boolean; round: number }
  | { type: 'actionTaken'; action: NightAction }
  | { type: 'shotRecorded'; target: Seat | null }
  | { type: 'nightResolved'; report: NightReport }
  | { type: 'playerEliminated'; seat: Seat; how: HowEliminated; round: number }
  | { type: 'messageSaid'; message: ChatMessage }
  | { type: 'nominated'; by: Seat; target: Seat }
  | { type: 'nominationWithdrawn'; by: Seat }
  | { type: 'readyToVote'; seat: Seat }
  | { type: 'voteCast'; seat: Seat; vote: VoteValue }
  | { type: 'voteWithdrawn'; seat: Seat }
  | { type: 'ballotOpened'; kind: BallotKind; candidates: Seat[] }
  | { type: 'ballotClosed'; record: BallotRecord }
  | { type: 'voteCancelled'; round: number; seat: Seat; nextDay: boolean }
  | { type: 'bestMoveOffered'; seat: Seat }
  | { type: 'bestMoveMade'; seat: Seat; targets: Seat[] }
  | { type: 'bestMoveClosed'; seat: Seat }
  | { type: 'foulGiven'; seat: Seat; fouls: number; at: number }
  | { type: 'playerDisqualified'; seat: Seat; reason: string }
  | { type: 'remarkGiven'; seat: Seat; remarks: number }
  | { type: 'extraPointsGiven'; seat: Seat; points: number }
  | { type: 'clockPaused'; remaining: number }
  | { type: 'clockResumed'; id: string; at: number }
  | { type: 'clockExtended'; seconds: number; deadline: Deadline }
  | { type: 'actionUndone' }
  /** The last of a judge's action's events: the action can be undone until anything else happens. */
  | { type: 'judgeActionEnded' }
  | { type: 'quietCounted'; quiet: number }
  | { type: 'winDecided'; winner: Winner; winners: Seat[] }
  | { type: 'gameEnded'; winner: Winner; winners: Seat[] }
  /** The server signed the head of the log at the game's end: every player's receipt of the game he played. */
  | { type: 'logSealed'; receipt: LogReceipt };

/** The events a family of rules adds (its rule set folds them): the forum game's (seed 003). */
export type RuleSetEvent = ForumEvent;

/** Everything that ever happens to a game. */
export type GameEvent = CoreEvent | RuleSetEvent;

const RULE_SET_EVENT_TYPES: ReadonlySet<string> = new Set<string>(FORUM_EVENT_TYPES);

/** An event of a family's own, for its rule set to fold. */
export const isRuleSetEvent = (e: GameEvent): e is RuleSetEvent => RULE_SET_EVENT_TYPES.has(e.type);

export type EventType = GameEvent['type'];
