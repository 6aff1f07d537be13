import type { CarriedSeat } from '../../shared/engine/decide.js';
import { type ErrorCode, openRematch } from '../../shared/index.js';
import { commitAttempt } from './commit.js';
import type { AppDeps } from './deps.js';
import { errorFrame, notBound, type Reply, spectatorRefusal } from './frames.js';
import { openRoom } from './rooms.js';
import { inviteSpectators } from './watch.js';

/**
 * `rematch`: the host of a finished game opens a new one with the same settings and the same people in
 * the same seats. The new room is seated before anyone hears of it; the finished game then records where
 * the table went (`rematchOpened`), and every phone that sat there joins the new room with its device key,
 * which gives it back its own seat; each of its spectators is sent a token to watch it with, and its code
 * leads there for those who come to watch later. The host resumes the new game with the token in the
 * reply, on a connection of its own (this one stays the finished game's, so no view of one game follows
 * the other's).
 */
export async function openRematchRoom(
  deps: AppDeps,
  connectionId: string,
  sourceIp: string | undefined,
): Promise<Reply> {
  const log = { action: 'rematch' };
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound(log);
  if (binding.seat === 'spectator') return spectatorRefusal({ ...log, game: binding.gameId });
  const old = await deps.cache.load(binding.gameId);
  if (old === null)
    return { frames: [errorFrame('no_game', 'no such game')], log: { ...log, outcome: 'no_game' } };
  const s = old.folded.state;
  const meta = { actor: binding.seat, now: deps.clock.now() };
  // Checked before a room is opened for nothing; decided again, for the record, when it is written.
  const allowed = openRematch(s, { gameId: '', code: '' }, meta);
  if (!allowed.ok)
    return refusal(allowed.rejection.code as ErrorCode, allowed.rejection.message, binding.gameId);

  const seats: CarriedSeat[] = Object.entries(s.names).map(([seat, name]) => ({
    seat: Number(seat),
    name,
    ...(s.devices[seat] === undefined ? {} : { device: s.devices[seat] }),
  }));
  const opened = await openRoom(deps, s.settings, s.hostName, seats, sourceIp, s.hostDevice ?? undefined);
  if (!opened.ok) return opened.reply;
  const outcome = await commitAttempt(deps, {
    gameId: binding.gameId,
    commandId: `rematch:${opened.gameId}`,
    actor: 'host',
    command: { type: 'rematch', gameId: opened.gameId, code: opened.code },
  });
  if (outcome.kind === 'rejected') {
    // Another tap of the host's won the race: the room just opened stays empty and its code lapses.
    return refusal(outcome.rejection.code as ErrorCode, outcome.rejection.message, binding.gameId);
  }
  if (outcome.kind === 'busy') {
    return refusal('busy', 'the game was too busy to take that; try again', binding.gameId);
  }
  // The finished game's code leads on to the rematch for those who come to watch later, and whoever
  // watches now is invited there.
  await deps.directory.reclaimRoom(
    binding.gameId,
    Math.floor(deps.clock.now() / 1000) + deps.options.roomCodeTtlSeconds,
  );
  await inviteSpectators(deps, binding.gameId, opened.game);
  return {
    frames: [{ type: 'created', gameId: opened.gameId, code: opened.code, hostToken: opened.hostToken }],
    log: { ...log, outcome: 'created', game: opened.gameId, version: 1 },
  };
}

function refusal(code: ErrorCode, message: string, gameId: string): Reply {
  return { frames: [errorFrame(code, message)], log: { action: 'rematch', outcome: code, game: gameId } };
}
