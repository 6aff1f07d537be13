import { sha256Hex } from './sha256.js';

/**
 * One commit of a game's log: the command a player, the host or the game master gave, and the events it
 * produced, chained to the commit before it. The log file (`mafia export`) is these, one JSON object a line.
 */
export interface LogCommit {
  gameId: string;
  /** 1-based; the version of the game after this commit. */
  seq: number;
  /** Client-made idempotency key. */
  commandId: string;
  /** 'host' | 'system' | a seat number as a decimal string. */
  actor: string;
  /** Milliseconds since the epoch: the time the command was decided at. */
  at: number;
  /** The command as decided (see command.ts); absent from commits written before commands were kept. */
  command?: unknown;
  events: unknown[];
  /** Hash of the previous commit ('' for seq 1). */
  prevHash: string;
  hash: string;
}

/**
 * JSON with object keys sorted at every depth, so the hash does not depend on key order (DynamoDB maps, a
 * JSON round trip or a refactor of an event constructor may all reorder keys).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort()) sorted[key] = sortKeys(source[key]);
  return sorted;
}

/**
 * SHA-256 of a text's UTF-8 bytes as lowercase hex. The server passes its platform's native digest (the same
 * function, many times faster than the one written out here, which every other reader of a log uses).
 */
export type Sha256Hex = (text: string) => string;

/**
 * SHA-256 of a commit chained to its predecessor. `prev` is the previous commit's hash ('' for seq 1); it is
 * what `c.prevHash` must say, and it is the value hashed, so a commit cannot be moved to another place in
 * the chain without its hash changing. A commit without a command hashes as commits did before commands
 * were kept, so old logs still verify.
 */
export function commitHash(prev: string, c: Omit<LogCommit, 'hash'>, sha256: Sha256Hex = sha256Hex): string {
  const head = [c.gameId, c.seq, c.commandId, c.actor, c.at];
  const body = c.command === undefined ? [...head, c.events, prev] : [...head, c.command, c.events, prev];
  return sha256(canonicalJson(body));
}

/** The commit with its hash filled in. */
export function sealCommit(body: Omit<LogCommit, 'hash'>, sha256: Sha256Hex = sha256Hex): LogCommit {
  return { ...body, hash: commitHash(body.prevHash, body, sha256) };
}

export type ChainCheck = { ok: true } | { ok: false; seq: number; reason: string };

/**
 * Checks that consecutive commits of one game link up and that every hash matches its content. A slice that
 * does not start at seq 1 is checked from its first commit on, trusting that commit's prevHash.
 */
export function verifyChain(commits: readonly LogCommit[]): ChainCheck {
  let previous: LogCommit | undefined;
  for (const c of commits) {
    const problem = chainProblem(previous, c);
    if (problem) return { ok: false, seq: c.seq, reason: problem };
    previous = c;
  }
  return { ok: true };
}

/** Why `c` does not follow `previous` in a chain, or null when it does. */
export function chainProblem(previous: LogCommit | undefined, c: LogCommit): string | null {
  if (previous === undefined) {
    if (c.seq === 1 && c.prevHash !== '') return 'the first commit must have an empty prevHash';
  } else {
    if (c.gameId !== previous.gameId) return `commit belongs to game ${c.gameId}`;
    if (c.seq !== previous.seq + 1) return `expected seq ${previous.seq + 1}`;
    if (c.prevHash !== previous.hash) return 'prevHash does not match the previous commit';
  }
  if (commitHash(c.prevHash, c) !== c.hash) return 'hash does not match the commit';
  return null;
}
