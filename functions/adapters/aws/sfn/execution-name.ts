import { createHash } from 'node:crypto';

/** Step Functions allows 80 characters; only these keep an execution's CloudWatch logs usable. */
const MAX_LENGTH = 80;
const HASH_LENGTH = 16;

/**
 * The execution name of a game's deadline: readable (game and deadline ids, with disallowed characters
 * replaced) and unique, because it ends with a hash of the exact pair. Two pairs that clean up to the same
 * text, or that had to be cut short, still get different names; the same pair always gets the same name,
 * which is what makes a repeated StartExecution idempotent.
 */
export function executionName(gameId: string, deadlineId: string): string {
  return deadlineName(gameId, deadlineId, MAX_LENGTH);
}

/** The same naming within another service's limit (EventBridge Scheduler allows 64 characters). */
export function deadlineName(gameId: string, deadlineId: string, maxLength: number): string {
  const hash = createHash('sha256').update(`${gameId}\n${deadlineId}`).digest('hex').slice(0, HASH_LENGTH);
  const readable = `${gameId}_${deadlineId}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return `${readable.slice(0, maxLength - HASH_LENGTH - 1)}_${hash}`;
}
