import type { HowEliminated, Seat, Stage } from '../domain/vocabulary.js';
import type { AbilityId, WakeGroup } from '../roles/index.js';

/*
 * What the events of the log carry. These shapes are the stored format: the in-memory state may change
 * freely, these may only grow.
 */

export interface Elimination {
  seat: Seat;
  how: HowEliminated;
  round: number;
}

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

export type OutcomeReason =
  | 'killed'
  | 'notAllShot'
  | 'splitTargets'
  | 'noShot'
  | 'immune'
  | 'savedByDoctor'
  | 'guarded'
  | 'diedGuarding'
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
