import type { SeatedRound } from '../../shared/tournament/seating.js';
import type { Tournament } from '../../shared/tournament/tournament.js';

/**
 * A tournament the server keeps for its organizer: the organizer's file (players, rounds × tables, the
 * seed, his swaps and the game each table played), the settings every game of it is opened with, and the
 * hashes (never the secrets) of the organizer's token and of the key he gives his judges. The standings are
 * never kept: they are folded from the listed games' logs whenever someone looks.
 */
export interface KeptTournament {
  id: string;
  /** 1 when created; every change is written as the next. */
  rev: number;
  tournament: Tournament;
  /** Its seating as drawn from its seed, its swaps made: drawn once, for a large one takes seconds. */
  seating: SeatedRound[];
  /** The settings of each of its games, as `create` takes them. */
  settings: Record<string, unknown>;
  organizerHash: string;
  judgesHash: string;
  /** The room code each of its games was opened with, for those who come to watch a table. */
  codes: Record<string, string>;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export type KeepResult = 'kept' | 'conflict';

export interface TournamentBook {
  /**
   * Keeps `t` only if the tournament kept now is at `t.rev − 1` (none at all for rev 1): two changes made
   * from the same reading cannot both land. Durable before it resolves.
   */
  keep(t: KeptTournament): Promise<KeepResult>;
  /** The tournament as last kept, or null. */
  get(id: string): Promise<KeptTournament | null>;
  close(): Promise<void>;
}
