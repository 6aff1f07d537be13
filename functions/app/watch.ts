import { announceAudience } from './audience.js';
import type { AppDeps } from './deps.js';
import { bindingExpiry } from './deps.js';
import { type Reply, viewFrame } from './frames.js';
import type { HeldGame } from './game-cache.js';
import { roomIsOpen } from './open-rooms.js';
import { noRoom } from './rooms.js';
import { hashToken, mintToken } from './tokens.js';

/** Rematches followed at most from the game a code leads to (each table that plays again adds one). */
const MAX_REMATCH_HOPS = 8;

/**
 * `watch`: a spectator for a room's game — its lobby while the room is open, or the game under way; a code
 * whose game is over but whose table plays again leads on to that rematch. The connection is bound to the
 * game without a seat and is sent the spectator's view (only what the whole town sees); its token resumes
 * watching after a reload and opens nothing else. A code nobody holds, an abandoned lobby and a game that
 * is over answer exactly as a join to them does, so watching does not tell which codes are live beyond
 * what joining tells; a finished game's code is freed, and then leads nowhere.
 */
export async function watchRoom(deps: AppDeps, connectionId: string, code: string): Promise<Reply> {
  const found = await deps.directory.gameForCode(code);
  if (found === null) return noRoom(code, 'no_game', undefined, 'watch');
  const game = await rematchOf(deps, found);
  if (game === null) return noRoom(code, 'no_game', found, 'watch');
  if (!(await watchable(deps, game))) return noRoom(code, 'closed', game.gameId, 'watch');
  const token = await bindSpectator(deps, connectionId, game);
  await announceAudience(deps, game.gameId);
  return {
    frames: [{ type: 'watching', gameId: game.gameId, token }, viewFrame(game.folded, 'spectator')],
    log: { action: 'watch', outcome: 'watching', game: game.gameId, version: game.folded.version },
  };
}

/**
 * The host opened a rematch: everyone watching the finished game is moved to watch the new one, as its
 * seats follow it, and told so (`watching` with a new token, then the new game's view). Both games' tables
 * hear their new counts.
 */
export async function moveSpectators(deps: AppDeps, fromGameId: string, to: HeldGame): Promise<void> {
  if (!(await watchable(deps, to))) return;
  const spectators = (await deps.directory.connectionsOf(fromGameId)).filter((c) => c.seat === 'spectator');
  if (spectators.length === 0) return;
  await Promise.all(
    spectators.map(async ({ connectionId }) => {
      const token = await bindSpectator(deps, connectionId, to);
      await deps.fanOut.post(connectionId, { type: 'watching', gameId: to.gameId, token });
      await deps.fanOut.post(connectionId, viewFrame(to.folded, 'spectator'));
    }),
  );
  await Promise.all([announceAudience(deps, fromGameId), announceAudience(deps, to.gameId)]);
}

/** The game itself, or the rematch its table went on to (and that one's, and so on); null if none is held. */
async function rematchOf(deps: AppDeps, gameId: string): Promise<HeldGame | null> {
  let game = await deps.cache.load(gameId);
  for (let hop = 0; hop < MAX_REMATCH_HOPS && game !== null; hop++) {
    const { phase, rematch } = game.folded.state;
    if (phase.kind !== 'over' || rematch === null) return game;
    game = await deps.cache.load(rematch.gameId);
  }
  return game;
}

/** A game may be watched in its open lobby and while under way, unless its host turned spectators off. */
async function watchable(deps: AppDeps, game: HeldGame): Promise<boolean> {
  const { phase, settings } = game.folded.state;
  if (settings.spectators === false || phase.kind === 'over') return false;
  return phase.kind !== 'lobby' || (await roomIsOpen(deps, game.gameId));
}

/** A new spectator's token, stored (hashed) before he hears of it, and his connection bound to the game. */
async function bindSpectator(deps: AppDeps, connectionId: string, game: HeldGame): Promise<string> {
  const token = mintToken(deps.ids, game.folded.version);
  const watcher = hashToken(token);
  await deps.directory.putToken(game.gameId, 'spectator', watcher);
  await deps.directory.bindConnection(
    connectionId,
    { gameId: game.gameId, seat: 'spectator', watcher },
    bindingExpiry(deps),
  );
  return token;
}
