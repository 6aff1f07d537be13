import type { ServerFrame } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import type { AppDeps } from './deps.js';

/**
 * How many are watching a game, as a frame. The count is connection state, not a game event: it is read from
 * the directory whenever it is sent, never written to the log nor folded into any view.
 */
export async function audienceFrame(deps: AppDeps, gameId: string): Promise<ServerFrame> {
  const { count, rev } = await deps.directory.audience(gameId);
  return { type: 'audience', gameId, count, rev };
}

/**
 * A spectator arrived or left: every connection of the game — seats, host and spectators alike — is sent the
 * same `audience` frame, built once. No seat is told more, sooner or more often than another, so the frame
 * says nothing about the game; at night it is the one frame every seat gets beside its own view changes.
 * A connection API Gateway reports gone is forgotten, and if it was a spectator's the count is sent again.
 */
export async function announceAudience(deps: AppDeps, gameId: string): Promise<void> {
  const [frame, connections] = await Promise.all([
    audienceFrame(deps, gameId),
    deps.directory.connectionsOf(gameId),
  ]);
  const gone = await Promise.all(
    connections.map(async ({ connectionId, seat }) => {
      try {
        if ((await deps.fanOut.post(connectionId, frame)) === 'sent') return false;
        await deps.directory.unbindConnection(connectionId);
        return seat === 'spectator';
      } catch {
        deps.meter.count(Metric.postFailed);
        return false;
      }
    }),
  );
  if (gone.includes(true)) await announceAudience(deps, gameId);
}
