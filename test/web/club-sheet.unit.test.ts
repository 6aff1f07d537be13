import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import type { Table } from '../../shared/play/table.js';
import { clubSheetOf, nightEntries } from '../../web/src/logic/club-sheet.js';
import { hostView, seatView } from './support/views.js';

/** A club game played from its scenario file (test/scenarios), as far as the file goes. */
function played(file: string): Table {
  const parsed = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', file), 'utf8')),
  );
  if (!parsed.ok) throw new Error(parsed.message);
  const run = runScenario(parsed.scenario);
  if (!run.ok) throw new Error(`step ${run.step}: ${run.message}`);
  return run.table;
}

describe('the club sheet on the sheet page', () => {
  it('E3: the host has the club protocol during the game; a player has the plain sheet until it is over', () => {
    const t = played('club-night-and-alibi.json');
    expect(clubSheetOf(hostView(t).sheet)?.rules).toBe('club');
    expect(clubSheetOf(seatView(t, 1).sheet)).toBeNull();
  });

  it('E13: a night lists each recorded action in wake order: the Putana, each shooter, the Don, the Sheriff, the Maniac', () => {
    const club = clubSheetOf(hostView(played('club-night-and-alibi.json')).sheet);
    expect(nightEntries(club!.nights[0])).toEqual([
      { by: 'lover', seat: 8, target: 1, blocked: false, result: null },
      { by: 'mafia', seat: 6, target: 2, blocked: false, result: null },
      { by: 'mafia', seat: 7, target: 2, blocked: false, result: null },
      { by: 'don', seat: 7, target: 9, blocked: false, result: 'sheriff' },
      { by: 'sheriff', seat: 9, target: 6, blocked: false, result: 'black' },
      { by: 'maniac', seat: 5, target: 3, blocked: false, result: null },
    ]);
  });

  it('E13: a blocked shooter is marked blocked; a night with a spoiled shot still lists every shot', () => {
    const club = clubSheetOf(hostView(played('club-blocked-mafioso.json')).sheet)!;
    const shots = (round: number) =>
      nightEntries(club.nights[round - 1])
        .filter((e) => e.by === 'mafia')
        .map((e) => [e.seat, e.target, e.blocked]);
    expect(shots(1)).toEqual([
      [7, 2, false],
      [10, 2, false],
      [11, 2, false],
    ]);
    expect(nightEntries(club.nights[0])[0]).toEqual({
      by: 'lover',
      seat: 8,
      target: 6,
      blocked: false,
      result: null,
    });
    expect(shots(2)).toEqual([
      [6, 3, false],
      [7, 3, false],
      [11, 3, false],
      [10, 4, true],
    ]);
    expect(club.nights[1].deaths).toEqual([]);
  });

  it('E12: the day after the Putana’s visit names the alibi and who stayed on it', () => {
    const club = clubSheetOf(hostView(played('club-car-crash-alibi.json')).sheet)!;
    expect(club.days[1]).toMatchObject({ round: 2, alibi: 1, leaves: [4] });
    expect(club.days[1].ballots.map((b) => b.kind)).toEqual(['vote', 'revote', 'lift']);
  });
});
