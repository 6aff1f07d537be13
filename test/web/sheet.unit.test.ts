import { describe, expect, it } from 'vitest';
import { sheetFile, sheetOf, tallyEntries } from '../../web/src/logic/sheet.js';
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

  it('is a JSON file the judge keeps while the game runs: the seats as he sees them and sport’s protocol', () => {
    // Given a sport table recorded by its judge, on night 0
    const t = tableOf(
      10,
      { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' },
      { preset: 'sport', master: 'moderator' },
    );
    // When he downloads the sheet
    const file = sheetFile(hostView(t), 'g-42');
    // Then it names the game and holds every seat with its role, the phase, and the protocol
    expect(file.name).toBe('sheet-g-42.json');
    const data = JSON.parse(file.text);
    expect(data).toMatchObject({ gameId: 'g-42', preset: 'sport', over: false, winner: null });
    expect(data.seats).toHaveLength(10);
    expect(
      data.seats.filter((r: { role: string }) => r.role === 'mafia').map((r: { seat: number }) => r.seat),
    ).toEqual([2, 5]);
    expect(data.protocol).toEqual(hostView(t).sheet);
    expect(data.protocol).not.toBeNull();
  });

  it('keeps to what a player may see', () => {
    const t = tableOf(4, { 1: 'mafia' }, { introNight: 'never' });
    const data = JSON.parse(sheetFile(seatView(t, 3), 'g-1').text);
    expect(data.seats.map((r: { role: string | null }) => r.role)).toEqual([null, null, 'civilian', null]);
    expect(data.protocol).toBeNull();
  });
});
