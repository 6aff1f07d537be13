import { describe, expect, it } from 'vitest';
import { chatAdded, chatFrame } from '../../functions/app/fan-out.js';
import type { ChatMessage } from '../../shared/index.js';
import { CHAT_IN_VIEW } from '../../shared/views/chat-in-view.js';

const line = (n: number, channel: ChatMessage['channel'] = 'table'): ChatMessage => ({
  seat: 1 + (n % 7),
  channel,
  text: `line ${n}`,
  at: 1_000 + n,
  round: 1,
});
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => line(from + i));

describe('a chat frame: the messages a seat lacks, or nothing', () => {
  it('given a view with no chat yet, when the first line is said, then the frame holds that line alone', () => {
    expect(chatAdded([], [line(0)])).toEqual([line(0)]);
  });

  it('given a full view of the latest lines, when one more is said and the oldest drops out, then the frame holds the new line, and appending it as a client does gives the new view', () => {
    const before = lines(0, CHAT_IN_VIEW);
    const now = lines(1, CHAT_IN_VIEW + 1);
    const added = chatAdded(before, now);
    expect(added).toEqual([line(CHAT_IN_VIEW)]);
    expect([...before, ...(added ?? [])].slice(-CHAT_IN_VIEW)).toEqual(now);
  });

  it('given equal copies of the messages (another fold of the same log), when compared, then they are the same lines', () => {
    const before = lines(0, 3).map((m) => ({ ...m }));
    expect(chatAdded(before, [...lines(0, 3), line(3)])).toEqual([line(3)]);
  });

  it('given a chat that lost lines a client would keep (the viewer no longer reads a channel), when compared, then there is no chat frame: the whole view goes', () => {
    const before = [line(0, 'mafia'), line(1, 'table')];
    expect(chatAdded(before, [line(1, 'table'), line(2, 'table')])).toBeNull();
  });

  it('given no line added, when compared, then there is no chat frame', () => {
    expect(chatAdded(lines(0, 2), lines(0, 2))).toBeNull();
    expect(chatAdded(lines(0, 2), [])).toBeNull();
  });

  it('given the lines, when the frame is built, then its text is its JSON and it names the version it brings and the one it follows', () => {
    const { frame, text } = chatFrame(12, 9, [line(4)]);
    expect(frame).toEqual({ type: 'chat', version: 12, base: 9, messages: [line(4)] });
    expect(text).toBe(JSON.stringify(frame));
  });
});
