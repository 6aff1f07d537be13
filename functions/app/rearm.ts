import type { DeadlineJob } from '../ports/scheduler.js';
import type { AppDeps } from './deps.js';
import { arm, pendingDeadline } from './projector.js';
import { headWait } from './seal.js';

export type Rearmed = { kind: 'armed'; job: DeadlineJob } | { kind: 'noDeadline' } | { kind: 'noGame' };

/**
 * An operator's repair of one hung game (`mafia rearm`): its pending deadline, read from the log itself, is
 * noted in the book and its timer asked for again (one already past fires at once), and its head is written
 * again, for a game whose head was never written or fell behind. Arming twice is harmless: the timer is
 * idempotent per deadline and `timeUp` names its deadline.
 */
export async function rearmGame(deps: AppDeps, gameId: string): Promise<Rearmed> {
  const game = await deps.cache.load(gameId);
  if (game === null) return { kind: 'noGame' };
  const job = pendingDeadline(gameId, game.folded);
  // Without the signer this process cannot sign a receipt still owed: the head of a game over that waits
  // for its seal is the sweeper's to clear.
  const owed = game.folded.state.phase.kind === 'over' && game.folded.state.receipt === null;
  if (!owed || deps.logSigner !== undefined)
    await deps.heads?.note(
      gameId,
      game.folded.version,
      headWait(deps, gameId, game.folded, deps.clock.now()),
    );
  if (job === null) return { kind: 'noDeadline' };
  await arm(deps, job);
  game.armed = job.deadlineId;
  return { kind: 'armed', job };
}
