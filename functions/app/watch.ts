import { type AppDeps, bindingExpiry } from './deps.js';
import { type Reply, viewFrame } from './frames.js';
import { roomIsOpen } from './open-rooms.js';
import { noRoom } from './rooms.js';
import { hashToken, mintToken } from './tokens.js';

/**
 * `watch`: a spectator for a room's game — its lobby while the room is open, or the game under way. The
 * connection is bound to the game without a seat and is sent the spectator's view (only what the whole
 * town sees); its token resumes watching after a reload and opens nothing else. A code nobody holds, an
 * abandoned lobby and a game that is over answer exactly as a join to them does, so watching does not tell
 * which codes are live beyond what joining tells; a finished game's code is freed, and then leads nowhere.
 */
export async function watchRoom(deps: AppDeps, connectionId: string, code: string): Promise<Reply> {
  const gameId = await deps.directory.gameForCode(code);
  if (gameId === null) return noRoom(code, 'no_game', undefined, 'watch');
  const game = await deps.cache.load(gameId);
  if (game === null) return noRoom(code, 'no_game', gameId, 'watch');
  const phase = game.folded.state.phase.kind;
  if (phase === 'over' || (phase === 'lobby' && !(await roomIsOpen(deps, gameId)))) {
    return noRoom(code, 'closed', gameId, 'watch');
  }
  if (game.folded.state.settings.spectators === false) return noRoom(code, 'closed', gameId, 'watch');
  const token = mintToken(deps.ids, game.folded.version);
  await deps.directory.putToken(gameId, 'spectator', hashToken(token));
  await deps.directory.bindConnection(connectionId, { gameId, seat: 'spectator' }, bindingExpiry(deps));
  return {
    frames: [{ type: 'watching', gameId, token }, viewFrame(game.folded, 'spectator')],
    log: { action: 'watch', outcome: 'watching', game: gameId, version: game.folded.version },
  };
}
