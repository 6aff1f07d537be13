/**
 * One commit is a single accepted command and the events it produced (the log's commit, shared/audit/chain.ts).
 * The store treats the command and the events as opaque JSON; it only guarantees order, uniqueness of
 * (gameId, seq) and durability, and gives back exactly what it was given.
 */
export interface Commit {
  gameId: string;
  /** 1-based; the version of the game after this commit. */
  seq: number;
  /** Client-made idempotency key. */
  commandId: string;
  /** 'host' | 'system' | a seat number as a decimal string. */
  actor: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** The command as decided (shared/audit/command.ts); absent from commits written before it was kept. */
  command?: unknown;
  /** Plain JSON events, opaque to the store. */
  events: unknown[];
  /** Hash of the previous commit ('' for seq 1). */
  prevHash: string;
  hash: string;
}

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
