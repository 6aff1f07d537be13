import type { Folded } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import type { DeadlineJob } from '../ports/scheduler.js';
import type { AppDeps } from './deps.js';
import { lastShown, sendViews } from './fan-out.js';
import type { HeldGame } from './game-cache.js';
import { isNewPhase, pushPhase } from './push.js';

export type Projection =
  | { kind: 'sent'; version: number; sent: number; gone: number; failed: number; armed: boolean }
  | { kind: 'covered' | 'noGame' };

/**
 * Commits `from`..`seq` reached the projector (from the table's stream, or its local emulation). The game is
 * brought up to date from the store — records may arrive late, twice or out of order, so their order is
 * never trusted — and every connection gets what changed for it since the game as it stood before `from`:
 * a stream batch may hold several commits of a game, none of them shown yet, so only what came before the
 * oldest counts as already sent. Then, if the game's pending deadline may have changed, it is armed. Only
 * then is the version marked projected: a failure to arm throws, the stream retries the record, and the
 * retry arms again (the views, already sent, are not sent twice). A commit already covered by this process
 * is skipped, so a burst of commits to one game costs one round of views.
 */
export async function project(deps: AppDeps, gameId: string, seq: number, from = seq): Promise<Projection> {
  try {
    return await projectOnce(deps, gameId, seq, Math.min(from, seq));
  } catch (error) {
    deps.meter.count(Metric.projectionFailed);
    throw error;
  }
}

function projectOnce(deps: AppDeps, gameId: string, seq: number, from: number): Promise<Projection> {
  return deps.projections.run(gameId, async () => {
    const held = deps.cache.peek(gameId);
    if (held !== undefined && held.projected >= seq) return { kind: 'covered' };
    const game = await deps.cache.load(gameId);
    if (game === null) return { kind: 'noGame' };
    if (game.projected >= game.folded.version) return { kind: 'covered' };
    const shown = await lastShown(deps, game, from);
    const { version, sent, gone, failed } = await sendViews(deps, game, shown);
    game.shown = game.folded;
    const armed = await armIfChanged(deps, game);
    if (isNewPhase(shown.state.phase, game.folded.state.phase))
      await pushPhase(deps, gameId, game.folded.state.phase);
    // The room's code is free again once its game is over; the game and its log stay. Once the table plays
    // again the rematch has reclaimed the code, to lead on to the new game.
    const { phase, rematch } = game.folded.state;
    if (phase.kind === 'over' && rematch === null) await deps.directory.releaseRoom(gameId);
    game.projected = Math.max(game.projected, version);
    return { kind: 'sent', version, sent, gone, failed, armed };
  });
}

/** The deadline the game waits for; a paused or advisory clock, or a game over, has none. */
export function pendingDeadline(gameId: string, folded: Folded): DeadlineJob | null {
  const { deadline, phase } = folded.state;
  if (!deadline || deadline.advisory || deadline.at === null || phase.kind === 'over') return null;
  return { gameId, deadlineId: deadline.id, at: deadline.at };
}

/**
 * Arms the game's pending deadline unless this process armed that very one. A process that does not know
 * what was armed (a new container, a game it has not projected) arms it anyway: that the game waited for
 * the same deadline before these commits says nothing of whether the projection of those commits, in
 * another container, ever armed it. Both steps are idempotent: the book is keyed by the deadline, the
 * scheduler's execution named after it. Noted in the book first, so that if the scheduler fails the sweeper
 * still finds it.
 */
async function armIfChanged(deps: AppDeps, game: HeldGame): Promise<boolean> {
  const job = pendingDeadline(game.gameId, game.folded);
  if (job === null || job.deadlineId === game.armed) return false;
  try {
    await arm(deps, job);
  } catch (error) {
    // Known now: nothing is armed, whatever the views already sent showed.
    game.armed = null;
    throw error;
  }
  game.armed = job.deadlineId;
  return true;
}

export async function arm(deps: AppDeps, job: DeadlineJob): Promise<void> {
  await deps.deadlines.arm(job);
  await deps.scheduler.schedule(job.gameId, job.deadlineId, job.at);
  deps.meter.count(Metric.deadlineScheduled);
}
