import { describe, expect, it } from 'vitest';
import { does, givenGame, seatChat, until } from '../support/game.js';

describe('the mafia channel is for the living mafia (A3)', () => {
  it('given a mafioso voted out, when the living mafia talk at night, then he no longer reads them, and reads the dead', () => {
    const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    does(t, 4, { type: 'nominate', target: 1 });
    until(t, { phase: { stage: 'vote' } });
    for (const seat of [2, 3, 4, 5, 6, 7]) does(t, seat, { type: 'vote', target: 1 });
    until(t, { phase: { kind: 'night', round: 1 } });
    expect(t.state.alive).not.toContain(1);
    does(t, 2, { type: 'say', channel: 'mafia', text: 'the sheriff is 3' });
    does(t, 1, { type: 'say', channel: 'dead', text: 'good luck' });
    expect(seatChat(t, 2).map((m) => m.text)).toContain('the sheriff is 3');
    expect(seatChat(t, 1).map((m) => m.text)).toEqual(['good luck']);
  });
});
