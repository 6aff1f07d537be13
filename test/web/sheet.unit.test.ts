import { describe, expect, it } from 'vitest';
import { sheetOf, tallyEntries } from '../../web/src/logic/sheet.js';
import { hostView, must, seatView, tableOf, until } from './support/views.js';

describe('the game sheet from a view', () => {
  it('lists seats, each day’s ballots with tallies, and the points at the end', () => {
    const t = tableOf(4, { 1: 'mafia' }, { introNight: 'never' });
    until(t, (v) => v.phase.stage === 'discussion');
    must(t.command(2, { type: 'nominate', target: 1 }));
    must(t.command(1, { type: 'nominate', target: 2 }));
    until(t, (v) => v.phase.stage === 'vote');
    for (const seat of [2, 3, 4]) must(t.command(seat, { type: 'vote', target: 1 }));
    must(t.command(1, { type: 'vote', target: 2 }));
    until(t, (v) => v.over);
    const sheet = sheetOf(seatView(t, 3));
    expect(sheet.rows.map((r) => [r.seat, r.role, r.winner, r.points])).toEqual([
      [1, 'mafia', false, 0],
      [2, 'civilian', true, 1],
      [3, 'civilian', true, 1],
      [4, 'civilian', true, 1],
    ]);
    expect(sheet.rows[0].out).toEqual({ how: 'vote', round: 1 });
    expect(sheet.days).toHaveLength(1);
    expect(tallyEntries(sheet.days[0].ballots[0])).toEqual([
      ['1', 3],
      ['2', 1],
    ]);
  });

  it('shows only the roles the viewer may know while the game goes on', () => {
    const t = tableOf(4, { 1: 'mafia' }, { introNight: 'never' });
    expect(sheetOf(seatView(t, 3)).rows.map((r) => r.role)).toEqual([null, null, 'civilian', null]);
    expect(sheetOf(hostView(t)).rows.every((r) => r.points === null)).toBe(true);
  });
});
