import type { ClientFrame } from '../../shared/index.js';
import type { AppDeps } from './deps.js';
import { errorFrame, type Reply } from './frames.js';

/**
 * A frame that names a game (`gameId` on `command`, `sync`, `signal`, `thread`, `push`) is carried out only in the game its
 * socket is bound to: a client that thinks it is in one room while its socket is in another (it switched
 * games and a queued frame went out late) gets `wrong_game`, and nothing happens in either game. Null when
 * the frame may go on; an unbound socket gets its usual `not_bound` from the action itself.
 */
export async function wrongGame(
  deps: AppDeps,
  connectionId: string,
  frame: ClientFrame,
): Promise<Reply | null> {
  if (frame.action === 'resume' || !('gameId' in frame) || frame.gameId === undefined) return null;
  const binding = await deps.directory.connection(connectionId);
  if (binding === null || binding.gameId === frame.gameId) return null;
  const message = `this socket is in game ${binding.gameId}, not ${frame.gameId}: resume that game first`;
  const log = { action: frame.action, game: binding.gameId, outcome: 'wrong_game' };
  if (frame.action === 'command') {
    return {
      frames: [{ type: 'rejected', commandId: frame.commandId, code: 'wrong_game', message }],
      log: { ...log, commandId: frame.commandId },
    };
  }
  return { frames: [errorFrame('wrong_game', message)], log };
}
