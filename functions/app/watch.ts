import type { ServerFrame } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import { announceAudience } from './audience.js';
import { type AppDeps, bindingExpiry } from './deps.js';
import { type Reply, viewWithChat } from './frames.js';
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
 * what joining tells; a finished game's code is freed, and then leads nowhere unless its table plays again.
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
    frames: [{ type: 'watching', gameId: game.gameId, token }, ...viewWithChat(game.folded, 'spectator')],
    log: { action: 'watch', outcome: 'watching', game: game.gameId, version: game.folded.version },
  };
}

/**
 * The host opened a rematch: everyone watching the finished game is given a spectator's token of the new one
 * (`watching`), and watches it on a connection of his own, as the seats follow the table by joining anew.
 * The finished game's connections stay its own, so no view of one game follows the other's; each table's
 * count changes as the spectators' phones close the old socket and resume on the new.
 */
export async function inviteSpectators(deps: AppDeps, fromGameId: string, to: HeldGame): Promise<void> {
  if (!(await watchable(deps, to))) return;
  const spectators = (await deps.directory.connectionsOf(fromGameId)).filter((c) => c.seat === 'spectator');
  await Promise.all(
    spectators.map(async ({ connectionId }) => {
      const token = await spectatorToken(deps, to);
      // The rematch is open already: a spectator this misses is invited again when he resumes.
      await deps.fanOut
        .post(connectionId, { type: 'watching', gameId: to.gameId, token })
        .catch(() => deps.meter.count(Metric.postFailed));
    }),
  );
}

/**
 * A spectator back on a finished game whose table plays again (he was away when the host opened the
 * rematch): his invitation to watch it, as those watching then were sent; none otherwise.
 */
export async function rematchInvitation(deps: AppDeps, game: HeldGame): Promise<ServerFrame[]> {
  const { rematch } = game.folded.state;
  if (rematch === null) return [];
  const next = await rematchOf(deps, rematch.gameId);
  if (next === null || !(await watchable(deps, next))) return [];
  return [{ type: 'watching', gameId: next.gameId, token: await spectatorToken(deps, next) }];
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

/** A new spectator's token of the game, stored (hashed) before he hears of it. */
async function spectatorToken(deps: AppDeps, game: HeldGame): Promise<string> {
  const token = mintToken(deps.ids, game.folded.version);
  await deps.directory.putToken(game.gameId, 'spectator', hashToken(token));
  return token;
}

/** A new spectator of the game, his connection bound to it; his token. */
async function bindSpectator(deps: AppDeps, connectionId: string, game: HeldGame): Promise<string> {
  const token = await spectatorToken(deps, game);
  await deps.directory.bindConnection(
    connectionId,
    { gameId: game.gameId, seat: 'spectator', watcher: hashToken(token) },
    bindingExpiry(deps),
  );
  return token;
}
