import type { ChatMessage } from '../../../shared/log/records.js';
import type { ChatPage } from '../../../shared/views/chat-pages.js';
import type { Channel } from '../../../shared/views/types.js';

/** A run of a channel's messages a phone holds: messages `from` … `from + lines.length - 1`. */
export interface ChannelLines {
  from: number;
  lines: ChatMessage[];
}

/** The chat a phone holds, by channel: what pages and `chat` frames brought it. */
export type HeldChat = Partial<Record<Channel, ChannelLines>>;

/** How many messages of a channel the phone knows of: one past the last it holds. */
export const countOf = (held: HeldChat, channel: Channel): number => {
  const run = held[channel];
  return run === undefined ? 0 : run.from + run.lines.length;
};

/**
 * A page into the chat held: where it touches or overlaps the run held, the two are joined (the page's
 * messages win on its own range); where it does not, the latest page of a channel replaces the run (the
 * phone missed lines between), and an older one is dropped.
 */
export function takePage(held: HeldChat, page: ChatPage): HeldChat {
  const run = held[page.channel];
  const end = page.from + page.messages.length;
  if (run !== undefined && page.from <= run.from + run.lines.length && end >= run.from) {
    const before = run.lines.slice(0, Math.max(0, page.from - run.from));
    const after = run.lines.slice(Math.max(0, end - run.from));
    return {
      ...held,
      [page.channel]: { from: Math.min(run.from, page.from), lines: [...before, ...page.messages, ...after] },
    };
  }
  if (end !== page.total) return held;
  return { ...held, [page.channel]: { from: page.from, lines: page.messages } };
}

/**
 * New lines of a channel (a `chat` frame, messages `from` …): the ones not held yet are appended; null when
 * lines before them were missed, and only a page can say what they were.
 */
export function takeLines(
  held: HeldChat,
  frame: { channel: Channel; from: number; messages: ChatMessage[] },
): HeldChat | null {
  const count = countOf(held, frame.channel);
  if (frame.from > count) return null;
  const fresh = frame.messages.slice(count - frame.from);
  if (fresh.length === 0) return held;
  const run = held[frame.channel] ?? { from: 0, lines: [] };
  return { ...held, [frame.channel]: { from: run.from, lines: [...run.lines, ...fresh] } };
}

/** The chat of the channels a view says its viewer reads; the others' lines are let go. */
export function keepChannels(held: HeldChat, channels: readonly Channel[]): HeldChat {
  const kept: HeldChat = {};
  for (const channel of channels) if (held[channel] !== undefined) kept[channel] = held[channel];
  return kept;
}

/** Every line held, oldest first: each channel's in its own order, the channels interleaved by time. */
export function allLines(held: HeldChat): ChatMessage[] {
  return Object.values(held)
    .flatMap((run) => run?.lines ?? [])
    .sort((a, b) => a.at - b.at);
}
