import type { ChatMessage } from '../log/records.js';

/**
 * A view carries only the latest chat messages the viewer may read: a chatty game must stay far below API
 * Gateway's 128 KB message limit. The whole conversation stays in the log for replays. A client appending a
 * `chat` frame keeps as many, so it holds the very view the server would build. The state keeps as many of
 * each channel (`CHAT_KEPT`).
 */
export const CHAT_IN_VIEW = 60;

/** Two messages are one when said at the same time by the same seat in the same channel with the same text. */
export const sameMessage = (a: ChatMessage, b: ChatMessage): boolean =>
  a === b || (a.at === b.at && a.seat === b.seat && a.channel === b.channel && a.text === b.text);

/**
 * A view's chat with the messages of a `chat` frame appended, the latest `CHAT_IN_VIEW` kept. A frame may
 * start before the view held — a container that did not send that view reckons from an older one, and a
 * `sync` reply is no view the fan-out knows of — so the messages the view already holds are not added twice.
 */
export function appendChat(held: readonly ChatMessage[], added: readonly ChatMessage[]): ChatMessage[] {
  const last = held.at(-1);
  const from = last === undefined ? 0 : added.findLastIndex((m) => sameMessage(m, last)) + 1;
  return [...held, ...added.slice(from)].slice(-CHAT_IN_VIEW);
}
