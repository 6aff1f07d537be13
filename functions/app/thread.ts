import { type Channel, type ChatMessage, canRead, THREAD_PAGE } from '../../shared/index.js';
import type { AppDeps } from './deps.js';
import { errorFrame, notBound, type Reply, viewerOf } from './frames.js';

/** Every message of a channel, oldest first: the log keeps them all, the state only the latest. */
export function channelMessages(
  commits: ReadonlyArray<{ events: readonly unknown[] }>,
  channel: Channel,
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const commit of commits) {
    for (const event of commit.events as Array<{ type: string; message?: ChatMessage }>) {
      if (event.type === 'messageSaid' && event.message?.channel === channel) messages.push(event.message);
    }
  }
  return messages;
}

/**
 * `thread`: a page of a channel's whole history ending before message `before` (the latest page without
 * it) — the table's unless another is named, and only a channel the connection's viewer reads now (the
 * mafia's to the living mafia, the dead's to the dead, every one once the game is over; a channel he may
 * not read is `not_allowed`, whether anything was said on it or not). `from` is the page's first index, so
 * a reader pages back with `before: from` until it is 0.
 */
export async function readThread(
  deps: AppDeps,
  connectionId: string,
  before?: number,
  channel: Channel = 'table',
): Promise<Reply> {
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound({ action: 'thread' });
  const log = { action: 'thread', game: binding.gameId };
  const game = await deps.cache.load(binding.gameId);
  if (game === null)
    return { frames: [errorFrame('no_game', 'no such game')], log: { ...log, outcome: 'no_game' } };
  const { state, version } = game.folded;
  if (!canRead(state, viewerOf(binding.seat), channel))
    return {
      frames: [errorFrame('not_allowed', `you do not read the ${channel} channel`)],
      log: { ...log, outcome: 'not_allowed' },
    };
  const all = channelMessages(await deps.store.read(binding.gameId), channel).slice(0, state.said[channel]);
  const end = Math.min(before ?? all.length, all.length);
  const from = Math.max(0, end - THREAD_PAGE);
  return {
    frames: [{ type: 'thread', version, channel, from, total: all.length, messages: all.slice(from, end) }],
    log: { ...log, outcome: 'page' },
  };
}
