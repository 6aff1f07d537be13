import { createHash } from 'node:crypto';
import type { Commit } from '../ports/event-store.js';

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
 * Hash of a commit chained to its predecessor. `prev` is the previous commit's hash ('' for seq 1); it is
 * what `c.prevHash` must say, and it is the value hashed, so a commit cannot be moved to another place in
 * the chain without its hash changing.
 */
export function commitHash(prev: string, c: Omit<Commit, 'hash'>): string {
  const body = canonicalJson([c.gameId, c.seq, c.commandId, c.actor, c.at, c.events, prev]);
  return createHash('sha256').update(body).digest('hex');
}

export type ChainCheck = { ok: true } | { ok: false; seq: number; reason: string };

/**
 * Checks that consecutive commits of one game link up and that every hash matches its content. A slice that
 * does not start at seq 1 is checked from its first commit on, trusting that commit's prevHash.
 */
export function verifyChain(commits: readonly Commit[]): ChainCheck {
  let previous: Commit | undefined;
  for (const c of commits) {
    if (previous === undefined) {
      if (c.seq === 1 && c.prevHash !== '') return fail(c, 'the first commit must have an empty prevHash');
    } else {
      if (c.gameId !== previous.gameId) return fail(c, `commit belongs to game ${c.gameId}`);
      if (c.seq !== previous.seq + 1) return fail(c, `expected seq ${previous.seq + 1}`);
      if (c.prevHash !== previous.hash) return fail(c, 'prevHash does not match the previous commit');
    }
    if (commitHash(c.prevHash, c) !== c.hash) return fail(c, 'hash does not match the commit');
    previous = c;
  }
  return { ok: true };
}

function fail(c: Commit, reason: string): ChainCheck {
  return { ok: false, seq: c.seq, reason };
}
