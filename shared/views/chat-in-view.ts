/**
 * A view carries only the latest chat messages the viewer may read: a chatty game must stay far below API
 * Gateway's 128 KB message limit. The whole conversation stays in the log for replays. A client appending a
 * `chat` frame keeps as many, so it holds the very view the server would build. The state keeps as many of
 * each channel (`CHAT_KEPT`).
 */
export const CHAT_IN_VIEW = 60;
