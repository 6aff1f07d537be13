import { describe, expect, it } from 'vitest';
import { chatFrame } from '../../functions/app/fan-out.js';
import { CHAT_KEPT, latestPage, saidSince, THREAD_PAGE } from '../../shared/index.js';
import { does, givenGame, until } from '../support/game.js';

const dayOne = () => {
  const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
  until(t, { phase: { kind: 'day', round: 1 } });
  return t;
};
const say = (t: ReturnType<typeof dayOne>, n: number, channel: 'table' | 'mafia' = 'table') => {
  for (let i = 0; i < n; i++)
    does(t, channel === 'mafia' ? 1 : 4, { type: 'say', channel, text: `line ${i}` });
};

describe('the lines a chat frame carries: what was said on a channel between two folds', () => {
  it('given three lines said, when one more is, then the frame holds that line alone, at its place in the channel', () => {
    const t = dayOne();
    say(t, 3);
    const before = t.state;
    does(t, 5, { type: 'say', channel: 'table', text: 'and me' });
    const said = saidSince(before, t.state, 'table');
    expect(said?.from).toBe(3);
    expect(said?.messages.map((m) => m.text)).toEqual(['and me']);
  });

  it('given the channel full of what the state keeps, when one more line pushes the oldest out, then the frame still holds the new line alone', () => {
    const t = dayOne();
    say(t, CHAT_KEPT);
    const before = t.state;
    does(t, 5, { type: 'say', channel: 'table', text: 'one more' });
    expect(saidSince(before, t.state, 'table')).toEqual({
      from: CHAT_KEPT,
      messages: [expect.objectContaining({ text: 'one more' })],
    });
  });

  it('given nothing said on a channel, when compared, then no line; given more said than the state keeps, then no frame can hold them (a page goes)', () => {
    const t = dayOne();
    const before = t.state;
    expect(saidSince(before, t.state, 'table')).toEqual({ from: 0, messages: [] });
    say(t, CHAT_KEPT + 1);
    expect(saidSince(before, t.state, 'table')).toBeNull();
  });

  it('given a hundred lines said, when the latest page is built, then it holds the last page of them from the state, with their places', () => {
    const t = dayOne();
    say(t, 100);
    const page = latestPage(t.state, 'table');
    expect(page).toMatchObject({ channel: 'table', from: 100 - THREAD_PAGE, total: 100 });
    expect(page.messages.map((m) => m.text)).toEqual(
      Array.from({ length: THREAD_PAGE }, (_, i) => `line ${100 - THREAD_PAGE + i}`),
    );
  });

  it('given the lines, when the frame is built, then its text is its JSON and it names the version it brings, the channel and the place of its first line', () => {
    const t = dayOne();
    say(t, 1);
    const messages = t.state.chat;
    const { frame, text } = chatFrame(12, 'table', 0, messages);
    expect(frame).toEqual({ type: 'chat', version: 12, channel: 'table', from: 0, messages });
    expect(text).toBe(JSON.stringify(frame));
  });
});
