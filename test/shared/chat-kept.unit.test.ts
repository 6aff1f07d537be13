import { describe, expect, it } from 'vitest';
import { CHAT_KEPT } from '../../shared/engine/state.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, seatChat, until } from '../support/game.js';

describe('what a game keeps of its chat', () => {
  it('given a thousand table messages, when the state is looked at, then it holds only the latest of them, counts them all, and the views hold none', () => {
    const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    for (let i = 0; i < 1000; i++)
      does(t, 4 + (i % 4), { type: 'say', channel: 'table', text: `message ${i}` });
    expect(t.state.chat.length).toBe(CHAT_KEPT);
    expect(t.state.said.table).toBe(1000);
    const shown = seatChat(t, 5).map((m) => m.text);
    expect(shown.length).toBe(CHAT_KEPT);
    expect(shown.at(-1)).toBe('message 999');
    expect(shown[0]).toBe(`message ${1000 - CHAT_KEPT}`);
    expect(viewFor(t.state, { kind: 'seat', seat: 5 }).chat).toEqual(['table']);
  });

  it('given the mafia flooding their channel at night, when a civilian looks, then his table messages are all still there (A3)', () => {
    const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    for (let i = 0; i < 30; i++) does(t, 4, { type: 'say', channel: 'table', text: `day ${i}` });
    const before = seatChat(t, 5);
    until(t, { phase: { kind: 'night', round: 1 } });
    for (let i = 0; i < 500; i++) does(t, 1 + (i % 2), { type: 'say', channel: 'mafia', text: `plan ${i}` });
    expect(seatChat(t, 5)).toEqual(before);
    expect(seatChat(t, 1).filter((m) => m.channel === 'mafia').length).toBe(CHAT_KEPT);
    expect(t.state.said).toEqual({ table: 30, mafia: 500, dead: 0 });
  });
});
