/* The words every part of the game speaks: seats, actors, phases, rejections. */

/** Seats are 1..N. */
export type Seat = number;

/** Who sent a command: a seat, the host/narrator, or the game master itself (deadlines). */
export type Actor = Seat | 'host' | 'system';

export type PhaseKind = 'lobby' | 'night' | 'day' | 'over';

/** The step the game is in. `id` is unique per step of a game and names it in deadlines and logs. */
export interface Phase {
  id: string;
  kind: PhaseKind;
  round: number;
  stage: Stage;
}

export const STAGES = [
  'lobby',
  'cards',
  'intro',
  'actions',
  'wake',
  'lastWord',
  'speech',
  'discussion',
  'defence',
  'vote',
  'over',
] as const;
export type Stage = (typeof STAGES)[number];

export type HowEliminated = 'shot' | 'killed' | 'vote' | 'fouls' | 'disqualified' | 'removed' | 'gaveUp';

/** What arrives with every command from outside the pure core: who, when, and (for the deal) a seed. */
export interface Meta {
  actor: Actor;
  now: number;
  seed?: number;
}

export interface Rejection {
  code: RejectionCode;
  message: string;
}

export type RejectionCode =
  | 'bad_command'
  | 'wrong_phase'
  | 'not_your_turn'
  | 'not_allowed'
  | 'host_only'
  | 'not_host'
  | 'as_not_allowed'
  | 'dead_player'
  | 'not_a_player'
  | 'unknown_seat'
  | 'seat_taken'
  | 'game_full'
  | 'name_taken'
  | 'bad_name'
  | 'already_acted'
  | 'bad_target'
  | 'immune_target'
  | 'self_vote'
  | 'already_nominated'
  | 'already_voted'
  | 'too_late'
  | 'not_enough_players'
  | 'bad_settings'
  | 'nothing_to_undo'
  | 'game_over'
  | 'stale_version';
