import type { Rate } from './rate-limiter.js';

/** What one connection, and one address, may ask of the server. */
export interface Limits {
  /** Every frame a connection sends, well-formed or not: a coarse bound before any parsing. */
  frames: Rate;
  /** `resume`, `sync` and `ping`, per connection. */
  requests: Rate;
  /** Game commands other than chat, per connection. */
  commands: Rate;
  /** `say`, per connection. */
  chat: Rate;
  /** `create`, `join`, `watch` and `rematch`, per connection. */
  joins: Rate;
  /** `create`, `join`, `watch` and `rematch` from one address (a club's phones may share one); null: no such limit. */
  joinsPerAddress: Rate | null;
  /** Rooms still in their lobby that one address may hold open; null: no such bound. */
  roomsPerAddress: number | null;
  /**
   * Log lines for refused frames (rate-limited, malformed, …) one address causes per window: past them its
   * refusals are counted and said in one line when the window ends, so a flood cannot fill the disk.
   */
  refusalLog: { lines: number; perMs: number };
}

/**
 * Far above what a person does at a table (a vote or a message a second, a few rooms), far below what a
 * script needs to enumerate room codes or flood a room.
 */
export const DEFAULT_LIMITS: Limits = {
  frames: { perSecond: 30, burst: 60 },
  requests: { perSecond: 2, burst: 10 },
  commands: { perSecond: 5, burst: 20 },
  chat: { perSecond: 1, burst: 5 },
  joins: { perSecond: 0.5, burst: 5 },
  joinsPerAddress: { perSecond: 2, burst: 30 },
  roomsPerAddress: 10,
  refusalLog: { lines: 20, perMs: 10_000 },
};
