import type { GameState } from '../engine/state.js';
import type { ChatMessage } from '../log/records.js';
import type { Channel } from './types.js';

/**
 * Messages a page of a channel's history holds at most: well under a WebSocket frame however long each
 * message is, and fewer than the state keeps of each channel (CHAT_KEPT), so a channel's latest page is
 * always built from the state, without reading the log.
 */
export const THREAD_PAGE = 50;

export const CHANNELS: readonly Channel[] = ['table', 'mafia', 'dead'];

/** Messages `from` … `from + messages.length - 1` of a channel that has had `total`, oldest first. */
export interface ChatPage {
  channel: Channel;
  from: number;
  total: number;
  messages: ChatMessage[];
}

/** The latest messages of a channel the state keeps, oldest first. */
export const keptOf = (s: GameState, channel: Channel): ChatMessage[] =>
  s.chat.filter((m) => m.channel === channel);

/** A channel's latest page: its last THREAD_PAGE messages. */
export function latestPage(s: GameState, channel: Channel): ChatPage {
  const total = s.said[channel];
  const messages = keptOf(s, channel).slice(-THREAD_PAGE);
  return { channel, from: total - messages.length, total, messages };
}

/**
 * The messages said on a channel between two states of a game, with the place of the first; null when more
 * were said than the state keeps (then the channel's latest page says where it stands).
 */
export function saidSince(
  before: GameState,
  now: GameState,
  channel: Channel,
): { from: number; messages: ChatMessage[] } | null {
  const from = before.said[channel];
  const count = now.said[channel] - from;
  if (count <= 0) return { from, messages: [] };
  const kept = keptOf(now, channel);
  if (count > kept.length) return null;
  return { from, messages: kept.slice(-count) };
}
