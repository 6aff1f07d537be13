import { describe, expect, it } from 'vitest';
import {
  canDisqualify,
  canGiveExtraPoints,
  disqualification,
  extraPointsOf,
  pointsFrom,
  signed,
} from '../../web/src/logic/judge.js';
import { hostView, must, seatView, tableOf } from './support/views.js';

/** Sport, recorded by a judge: 2, 5 mafia, 9 Don, 3 Sheriff. */
const sport = () =>
  tableOf(10, { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' }, { preset: 'sport', master: 'moderator' });

describe('the judge’s tools', () => {
  it('disqualify a living player during the game, and give extra points to anyone, after it too', () => {
    const t = sport();
    const v = hostView(t);
    expect(canDisqualify(v, 4)).toBe(true);
    expect(canGiveExtraPoints(v)).toBe(true);
    expect(canDisqualify(seatView(t, 1), 4)).toBe(false);
    must(t.command('host', { type: 'disqualify', seat: 4, reason: 'Showed his card' }));
    expect(canDisqualify(hostView(t), 4)).toBe(false);
    // Three against three: the mafia wins; extra points are still the judge's.
    for (const seat of [1, 6, 7]) must(t.command('host', { type: 'disqualify', seat, reason: 'Noise' }));
    const over = hostView(t);
    expect(over.over).toBe(true);
    expect(canDisqualify(over, 8)).toBe(false);
    expect(canGiveExtraPoints(over)).toBe(true);
  });

  it('read a disqualification’s reason from the view, in every preset', () => {
    const t = sport();
    must(t.command('host', { type: 'disqualify', seat: 4, reason: 'Showed his card' }));
    expect(disqualification(hostView(t), 4)).toBe('Showed his card');
    expect(disqualification(seatView(t, 1), 4)).toBe('Showed his card');
    expect(disqualification(hostView(t), 5)).toBeNull();
    const online = tableOf(6, { 1: 'mafia' }, { master: 'moderator', introNight: 'never' });
    must(online.command('host', { type: 'disqualify', seat: 2, reason: 'Left' }));
    expect(disqualification(hostView(online), 2)).toBe('Left');
  });

  it('show the extra points from the moment they are given, during the game and after it', () => {
    const t = sport();
    expect(extraPointsOf(hostView(t), 2)).toBeNull();
    must(t.command('host', { type: 'extraPoints', seat: 2, points: 0.3 }));
    expect(extraPointsOf(hostView(t), 2)).toBe(0.3);
    for (const seat of [1, 4, 6, 7]) must(t.command('host', { type: 'disqualify', seat, reason: 'Noise' }));
    must(t.command('host', { type: 'extraPoints', seat: 8, points: -0.25 }));
    must(t.command('host', { type: 'extraPoints', seat: 10, points: 0 }));
    const over = hostView(t);
    expect(extraPointsOf(over, 2)).toBe(0.3);
    expect(extraPointsOf(over, 8)).toBe(-0.25);
    expect(extraPointsOf(over, 10)).toBe(0);
    expect(over.points?.[2]).toBe(1.3);
  });

  it('take points within the range, in steps of 0.05, and write them with their sign', () => {
    const range: [number, number] = [-1, 1];
    expect(pointsFrom(range, 0.3)).toBe(0.3);
    expect(pointsFrom(range, 0.1 + 0.2)).toBe(0.3);
    expect(pointsFrom(range, -1)).toBe(-1);
    expect(pointsFrom(range, 0.33)).toBeNull();
    expect(pointsFrom(range, 1.05)).toBeNull();
    expect(pointsFrom(range, Number.NaN)).toBeNull();
    expect([signed(0.5), signed(-0.25), signed(0)]).toEqual(['+0.5', '−0.25', '0']);
  });
});
