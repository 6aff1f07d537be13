import { type Endpoint, mayLink, type SignalPayload } from '../../shared/index.js';
import type { AppDeps } from './deps.js';
import { errorFrame, notBound, type Reply, spectatorRefusal } from './frames.js';

export interface SignalFrame {
  to: Endpoint;
  payload: SignalPayload;
}

/**
 * `signal`: WebRTC offers, answers and ICE candidates between two ends of one game. The sender is who his
 * connection is bound to, never what the frame says; the payload goes to the target's connections only while
 * the phase lets the two hold a link (shared/video/links.ts), and otherwise to nobody. The sender learns
 * nothing he could not read from his own links: a refused signal is `link_forbidden` whatever the reason.
 * Nothing is appended: signalling is not a game fact.
 */
export async function relaySignal(deps: AppDeps, connectionId: string, frame: SignalFrame): Promise<Reply> {
  const log = { action: 'signal' };
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound(log);
  const { gameId, seat } = binding;
  if (seat === 'spectator') return spectatorRefusal({ ...log, game: gameId });
  const game = await deps.cache.load(gameId);
  if (game === null) {
    return {
      frames: [errorFrame('no_game', 'no such game')],
      log: { ...log, game: gameId, outcome: 'no_game' },
    };
  }
  const state = game.folded.state;
  if (!mayLink(state, seat, frame.to)) {
    return {
      frames: [errorFrame('link_forbidden', `no media link with ${frame.to} is allowed now`)],
      log: { ...log, game: gameId, outcome: 'link_forbidden', version: game.folded.version },
    };
  }
  const targets = (await deps.directory.connectionsOf(gameId)).filter((c) => c.seat === frame.to);
  const relayed = { type: 'signal' as const, from: seat, payload: frame.payload };
  await Promise.all(
    targets.map(async ({ connectionId: target }) => {
      if ((await deps.fanOut.post(target, relayed)) === 'gone') await deps.directory.unbindConnection(target);
    }),
  );
  return { frames: [], log: { ...log, game: gameId, outcome: 'relayed', version: game.folded.version } };
}
