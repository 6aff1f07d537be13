import { DEADLINE_TOLERANCE_MS } from '../engine/handlers/clock.js';
import type { GameState } from '../engine/state.js';
import type { LogCommit } from './chain.js';

/**
 * Why a commit's time cannot be true, or null: a time that is not a whole number of milliseconds, one before
 * the game's creation (its first commit), one before the commit it follows, or a deadline fired before its
 * time (by more than the engine's tolerance: Step Functions' Wait truncates to whole seconds).
 */
export function timeProblem(
  first: LogCommit,
  previous: LogCommit | undefined,
  c: LogCommit,
  before: GameState,
): string | null {
  if (!Number.isSafeInteger(c.at) || c.at < 0) return `its time ${String(c.at)} is not a time`;
  const when = (at: number) => new Date(at).toISOString();
  if (c.at < first.at) return `its time ${when(c.at)} is before the game's creation at ${when(first.at)}`;
  if (previous !== undefined && c.at < previous.at)
    return `its time goes back: ${when(c.at)}, after ${when(previous.at)} at seq ${previous.seq}`;
  const command = c.command as { type?: unknown; deadlineId?: unknown } | undefined;
  const d = before.deadline;
  if (
    command?.type === 'timeUp' &&
    c.events.length > 0 &&
    d !== null &&
    d.id === command.deadlineId &&
    d.at !== null &&
    c.at < d.at - DEADLINE_TOLERANCE_MS
  )
    return `the deadline ${d.id} fired at ${when(c.at)}, ${d.at - c.at} ms before its time ${when(d.at)}`;
  return null;
}
