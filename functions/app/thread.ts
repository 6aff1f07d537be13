import type { ChatMessage } from '../../shared/index.js';
import type { AppDeps } from './deps.js';
import { errorFrame, notBound, type Reply } from './frames.js';

/** Messages a `thread` page holds at most: well under a WebSocket frame however long each message is. */
export const THREAD_PAGE = 50;

/** Every message of the table channel, oldest first: the log keeps them all, the state only the latest. */
export function tableMessages(commits: ReadonlyArray<{ events: readonly unknown[] }>): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const commit of commits) {
    for (const event of commit.events as Array<{ type: string; message?: ChatMessage }>) {
      if (event.type === 'messageSaid' && event.message?.channel === 'table') messages.push(event.message);
    }
  }
  return messages;
}

/**
 * `thread`: a page of the table channel's whole history — the public channel every reader of the game sees
 * — ending before message `before` (the latest page without it). `from` is the page's first index, so a
 * reader pages back with `before: from` until it is 0.
 */
export async function readThread(deps: AppDeps, connectionId: string, before?: number): Promise<Reply> {
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound({ action: 'thread' });
  const log = { action: 'thread', game: binding.gameId };
  const commits = await deps.store.read(binding.gameId);
  if (commits.length === 0)
    return { frames: [errorFrame('no_game', 'no such game')], log: { ...log, outcome: 'no_game' } };
  const all = tableMessages(commits);
  const end = Math.min(before ?? all.length, all.length);
  const from = Math.max(0, end - THREAD_PAGE);
  return {
    frames: [{ type: 'thread', from, total: all.length, messages: all.slice(from, end) }],
    log: { ...log, outcome: 'page' },
  };
}
