import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/log/records.js';
import type { HeldChat } from '../../web/src/logic/chat-lines.js';
import { stillUnsent, unsentLine } from '../../web/src/logic/outbox.js';

const line = (seat: number, text: string, at = 0): ChatMessage => ({
  seat,
  channel: 'table',
  text,
  at,
  round: 1,
});
const table = (...lines: ChatMessage[]): HeldChat => ({ table: { from: 0, lines } });

describe('the chat lines a phone waits to see sent', () => {
  it('waits until its own line comes back in its channel, then shows it only as sent', () => {
    // Given Ann (seat 1) writes "hi" offline after one line of Boris's
    const held = table(line(2, 'hello'));
    const outbox = [unsentLine(held, 'c1', 1, 'table', '  hi ')];
    expect(outbox[0]).toMatchObject({ text: 'hi', from: 1 });
    // When the table brings only Boris's next line, then hers still waits
    expect(stillUnsent(outbox, table(line(2, 'hello'), line(2, 'anyone?')))).toHaveLength(1);
    // When her line comes back, then it no longer waits
    expect(stillUnsent(outbox, table(line(2, 'hello'), line(2, 'anyone?'), line(1, 'hi')))).toEqual([]);
  });

  it('does not take an earlier line of the same words for the one sent', () => {
    const held = table(line(1, 'yes'));
    const outbox = [unsentLine(held, 'c1', 1, 'table', 'yes')];
    expect(stillUnsent(outbox, held)).toHaveLength(1);
  });

  it('two lines of the same words each wait for a line of their own', () => {
    const outbox = [unsentLine({}, 'c1', 1, 'table', 'go'), unsentLine({}, 'c2', 1, 'table', 'go')];
    const left = stillUnsent(outbox, table(line(1, 'go')));
    expect(left.map((l) => l.commandId)).toEqual(['c2']);
    expect(stillUnsent(outbox, table(line(1, 'go'), line(1, 'go', 1)))).toEqual([]);
  });

  it('a line of another seat or channel is not it', () => {
    const outbox = [unsentLine({}, 'c1', 1, 'mafia', 'him')];
    expect(stillUnsent(outbox, table(line(1, 'him'), line(2, 'him')))).toHaveLength(1);
  });
});
