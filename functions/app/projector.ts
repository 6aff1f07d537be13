import type { AppDeps } from './deps.js';
import { lastShown, sendViews } from './fan-out.js';
import type { HeldGame } from './game-cache.js';

export type Projection =
  | { kind: 'sent'; version: number; sent: number; gone: number }
  | { kind: 'covered' | 'noGame' };

/**
 * A commit reached the projector (from the table's stream, or its local emulation). The game is brought up
 * to date from the store — records may arrive late, twice or out of order, so their order is never trusted
 * — and every connection gets its view of the newest version. A commit already covered by a view this
 * process sent is skipped, so a burst of commits to one game costs one round of views. Then the pending
 * deadline, if any, is scheduled.
 */
export function project(deps: AppDeps, gameId: string, seq: number): Promise<Projection> {
  return deps.projections.run(gameId, async () => {
    const held = deps.cache.peek(gameId);
    if (held !== undefined && held.projected >= seq) return { kind: 'covered' };
    const game = await deps.cache.load(gameId);
    if (game === null) return { kind: 'noGame' };
    if (game.projected >= game.folded.version) return { kind: 'covered' };
    const shown = await lastShown(deps, game, seq);
    const { version, sent, gone } = await sendViews(deps, game, shown);
    game.projected = Math.max(game.projected, version);
    game.shown = game.folded;
    await schedulePending(deps, game);
    // The room's code is free again once its game is over; the game and its log stay.
    if (game.folded.state.phase.kind === 'over') await deps.directory.releaseRoom(gameId);
    return { kind: 'sent', version, sent, gone };
  });
}

/** Asks the scheduler for the game's pending deadline; a paused or advisory clock has none. */
export async function schedulePending(deps: AppDeps, game: HeldGame): Promise<boolean> {
  const { deadline, phase } = game.folded.state;
  if (!deadline || deadline.advisory || deadline.at === null || phase.kind === 'over') return false;
  await deps.scheduler.schedule(game.gameId, deadline.id, deadline.at);
  return true;
}
