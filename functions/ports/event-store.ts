import type { LogCommit } from '../../shared/audit/chain.js';

/**
 * One commit is a single accepted command and the events it produced (the log's commit, shared/audit/chain.ts).
 * The store treats the command and the events as opaque JSON; it only guarantees order, uniqueness of
 * (gameId, seq) and durability, and gives back exactly what it was given.
 */
export type Commit = LogCommit;

export type AppendResult = { ok: true } | { ok: false; reason: 'conflict' };

export interface EventStore {
  /**
   * Conditional append: succeeds only if no commit with this (gameId, seq) exists and seq === last seq + 1.
   * Durable before it resolves. A lost race or a gap is `{ ok: false, reason: 'conflict' }`; the caller
   * reloads and decides again. I/O failures reject.
   */
  append(commit: Commit): Promise<AppendResult>;
  /** Commits of a game with seq > afterSeq, ascending. */
  read(gameId: string, afterSeq?: number): Promise<Commit[]>;
  /** Ids of every game in the store (used on start-up to re-arm deadlines; may be slow on Dynamo). */
  listGames(): Promise<string[]>;
  close(): Promise<void>;
}
