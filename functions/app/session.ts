import type { ServerFrame } from '../../shared/index.js';
import { announceAudience, audienceFrame } from './audience.js';
import type { AppDeps } from './deps.js';
import { bindingExpiry } from './deps.js';
import { errorFrame, linksFrame, notBound, type Reply, viewWithChat } from './frames.js';
import type { HeldGame } from './game-cache.js';
import { grantOf, hashToken, seatNow } from './tokens.js';
import { rematchInvitation } from './watch.js';

/**
 * `resume`: a returning player (or host, or spectator) shows his token and gets his connection bound again
 * and a full view. A token that does not match any seat of that game, or a game that does not exist, is `bad_token` /
 * `no_game`; nothing tells an attacker which of the two was wrong beyond that.
 */
export async function resume(
  deps: AppDeps,
  connectionId: string,
  gameId: string,
  token: string,
): Promise<Reply> {
  const log = { action: 'resume', game: gameId };
  const grant = grantOf(token);
  const granted = grant === null ? null : await deps.directory.seatForToken(gameId, hashToken(token));
  if (grant === null || granted === null) {
    return {
      frames: [errorFrame('bad_token', 'that token does not open a seat in this game')],
      log: { ...log, outcome: 'bad_token' },
    };
  }
  const game = await deps.cache.load(gameId);
  if (game === null)
    return { frames: [errorFrame('no_game', 'no such game')], log: { ...log, outcome: 'no_game' } };
  if (tokenExpired(deps, game)) {
    return {
      frames: [
        errorFrame('bad_token', 'that game is over and its seats are closed; its log can still be read'),
      ],
      log: { ...log, outcome: 'token_expired' },
    };
  }
  // The host and a spectator stay what they were granted; a seat follows its player's moves.
  const seat = typeof granted === 'number' ? seatNow(game, granted, grant) : granted;
  if (seat === null) {
    return {
      frames: [errorFrame('bad_token', 'that seat was given up: join the room again')],
      log: { ...log, outcome: 'seat_left' },
    };
  }
  // A spectator is known by his token, so the socket he comes back on is not a second spectator.
  const watcher = seat === 'spectator' ? { watcher: hashToken(token) } : {};
  await deps.directory.bindConnection(connectionId, { gameId, seat, ...watcher }, bindingExpiry(deps));
  // A spectator's return is told to the whole table, him included; anyone else just hears the count.
  const after: ServerFrame[] = [];
  if (seat === 'spectator') {
    await announceAudience(deps, gameId);
    after.push(...(await rematchInvitation(deps, game)));
  } else after.push(await audienceFrame(deps, gameId));
  return {
    frames: [...viewWithChat(game.folded, seat), linksFrame(game.folded, seat), ...after],
    log: { ...log, outcome: 'resumed', version: game.folded.version },
  };
}

/** Every token of a game stops opening it a while after the game ended (`tokenTtlAfterGameSeconds`). */
function tokenExpired(deps: AppDeps, game: HeldGame): boolean {
  if (game.folded.state.phase.kind !== 'over') return false;
  return deps.clock.now() - game.lastAt > deps.options.tokenTtlAfterGameSeconds * 1000;
}

/** `sync`: the connection's own full view, now. */
export async function sync(deps: AppDeps, connectionId: string): Promise<Reply> {
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound({ action: 'sync' });
  const game = await deps.cache.load(binding.gameId);
  const log = { action: 'sync', game: binding.gameId };
  if (game === null)
    return { frames: [errorFrame('no_game', 'no such game')], log: { ...log, outcome: 'no_game' } };
  return {
    frames: [
      ...viewWithChat(game.folded, binding.seat),
      linksFrame(game.folded, binding.seat),
      await audienceFrame(deps, binding.gameId),
    ],
    log: { ...log, outcome: 'view', version: game.folded.version },
  };
}

/**
 * `ping`: a `pong`, with the game's version for a bound connection — what lets a phone that missed its
 * last frame (a lost post, and nothing said since) find out it is behind and `sync`. The version is no more
 * than `sync` or any `ack` tells the same connection.
 */
export async function pong(deps: AppDeps, connectionId: string): Promise<Reply> {
  const log = { action: 'ping', outcome: 'pong' };
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return { frames: [{ type: 'pong' }], log };
  const game = await deps.cache.load(binding.gameId);
  if (game === null) return { frames: [{ type: 'pong' }], log };
  return {
    frames: [{ type: 'pong', gameId: binding.gameId, version: game.folded.version }],
    log: { ...log, game: binding.gameId, version: game.folded.version },
  };
}

/**
 * `$disconnect`: the socket is gone; it may run twice, and forgetting an unknown connection is fine. A
 * spectator's leaving is told to the table.
 */
export async function disconnect(deps: AppDeps, connectionId: string): Promise<void> {
  const binding = await deps.directory.connection(connectionId);
  await deps.directory.unbindConnection(connectionId);
  if (binding?.seat === 'spectator') await announceAudience(deps, binding.gameId);
}
