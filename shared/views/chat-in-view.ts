import type { ChatMessage } from '../log/records.js';

/**
 * A view carries only the latest chat messages the viewer may read: a chatty game must stay far below API
 * Gateway's 128 KB message limit. The whole conversation stays in the log for replays. A client appending a
 * `chat` frame keeps as many, so it holds the very view the server would build. The state keeps as many of
 * each channel (`CHAT_KEPT`).
 */
export const CHAT_IN_VIEW = 60;

/** A view's chat with the messages of a `chat` frame that follows it appended, the latest `CHAT_IN_VIEW` kept. */
export function appendChat(held: readonly ChatMessage[], added: readonly ChatMessage[]): ChatMessage[] {
  return [...held, ...added].slice(-CHAT_IN_VIEW);
}
