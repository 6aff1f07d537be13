import type { ServerFrame } from '../../shared/index.js';
import type { AppDeps } from './deps.js';
import { viewFrame } from './frames.js';
import type { HeldGame } from './game-cache.js';

export interface FanOutResult {
  version: number;
  sent: number;
  gone: number;
}

/**
 * Sends every connection of the game its own view of the game as held. Each seat's view is built once,
 * however many sockets that seat has open, and all from the same version. A connection API Gateway reports
 * gone is forgotten.
 */
export async function sendViews(deps: AppDeps, game: HeldGame): Promise<FanOutResult> {
  const connections = await deps.directory.connectionsOf(game.gameId);
  const folded = game.folded;
  const views = new Map<number | 'host', ServerFrame>();
  const frameFor = (seat: number | 'host'): ServerFrame => {
    let frame = views.get(seat);
    if (frame === undefined) {
      frame = viewFrame(folded, seat);
      views.set(seat, frame);
    }
    return frame;
  };
  const results = await Promise.all(
    connections.map(async ({ connectionId, seat }) => {
      const result = await deps.fanOut.post(connectionId, frameFor(seat));
      if (result === 'gone') await deps.directory.unbindConnection(connectionId);
      return result;
    }),
  );
  const gone = results.filter((r) => r === 'gone').length;
  return { version: folded.version, sent: results.length - gone, gone };
}
