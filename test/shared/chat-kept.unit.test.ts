import { describe, expect, it } from 'vitest';
import { CHAT_KEPT } from '../../shared/engine/state.js';
import { CHAT_IN_VIEW } from '../../shared/views/view.js';
import { does, givenGame, seatView, until } from '../support/game.js';

describe('what a game keeps of its chat', () => {
  it('given a thousand table messages, when the state is looked at, then it holds only the latest of them and the views are unchanged', () => {
    const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    for (let i = 0; i < 1000; i++)
      does(t, 4 + (i % 4), { type: 'say', channel: 'table', text: `message ${i}` });
    expect(t.state.chat.length).toBe(CHAT_KEPT);
    const shown = seatView(t, 5).chat.map((m) => m.text);
    expect(shown.length).toBe(CHAT_IN_VIEW);
    expect(shown.at(-1)).toBe('message 999');
    expect(shown[0]).toBe(`message ${1000 - CHAT_IN_VIEW}`);
  });

  it('given the mafia flooding their channel at night, when a civilian looks, then his table messages are all still there (A3)', () => {
    const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    for (let i = 0; i < 30; i++) does(t, 4, { type: 'say', channel: 'table', text: `day ${i}` });
    const before = seatView(t, 5).chat;
    until(t, { phase: { kind: 'night', round: 1 } });
    for (let i = 0; i < 500; i++) does(t, 1 + (i % 2), { type: 'say', channel: 'mafia', text: `plan ${i}` });
    expect(seatView(t, 5).chat).toEqual(before);
    expect(seatView(t, 1).chat.filter((m) => m.channel === 'mafia').length).toBe(CHAT_IN_VIEW);
  });
});
