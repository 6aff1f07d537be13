import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClubSheet } from '../../shared/audit/club-sheet.js';
import { renderClubSheetHtml } from '../../shared/audit/club-sheet-html.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, seatView } from '../support/game.js';
import { advanceTo, host, night, talk } from './support/moderated.js';

const scenario = join(import.meta.dirname, '..', 'scenarios', 'club-night-and-alibi.json');

/**
 * The club scenario: nine at the table, civilians 1–4, Maniac 5, mafioso 6, Don 7, Putana 8, Sheriff 9.
 * Night 1: the Putana visits #1, the mafioso and the Don shoot #2, the Don checks #9, the Sheriff #6, the Maniac kills #3.
 * Day 2: #1 and #6 nominated, #1 has the most votes but stays on the Putana's alibi.
 */
function clubGame(): Table {
  const parsed = parseScenario(JSON.parse(readFileSync(scenario, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.message);
  const run = runScenario(parsed.scenario);
  if (!run.ok) throw new Error(`step ${run.step}: ${run.message}`);
  return run.table;
}

/** Nine at the club: the Maniac 5, the mafioso 6, the Don 7, the Putana 8, the Sheriff 9. */
const nineAtTheClub = () =>
  givenGame({ preset: 'club' }, 9, { 5: 'maniac', 6: 'mafia', 7: 'don', 8: 'lover', 9: 'sheriff' });

describe('the club game sheet (seed 004)', () => {
  it('E3, E5: each seat with its role, its remarks and how it left; the acquaintance night lists the seats met per role', () => {
    // given the club scenario, when the host gives #4 two remarks
    const t = clubGame();
    does(t, 'host', { type: 'remark', seat: 4 });
    does(t, 'host', { type: 'remark', seat: 4 });
    const sheet = buildClubSheet(t.state);
    // then the sheet is the host's working copy with every seat's line
    expect(sheet).toMatchObject({ rules: 'club', final: false, winner: null, winners: [] });
    expect(
      sheet.seats.map((l) => [l.seat, l.role, l.remarks, l.left?.how ?? null, l.left?.round ?? null]),
    ).toEqual([
      [1, 'civilian', 0, null, null],
      [2, 'civilian', 0, 'shot', 1],
      [3, 'civilian', 0, 'killed', 1],
      [4, 'civilian', 2, null, null],
      [5, 'maniac', 0, null, null],
      [6, 'mafia', 0, null, null],
      [7, 'don', 0, null, null],
      [8, 'lover', 0, null, null],
      [9, 'sheriff', 0, null, null],
    ]);
    // and the acquaintance night: Putana, the mafia with the Don, Sheriff, Maniac (E3)
    expect(sheet.acquaintance).toEqual([
      { wake: 'lover', seats: [8] },
      { wake: 'mafia', seats: [6, 7] },
      { wake: 'sheriff', seats: [9] },
      { wake: 'maniac', seats: [5] },
    ]);
  });

  it("E13, E14: a night gives the Putana's block, the shot, both checks with answers, the Maniac's kill and the outcome", () => {
    const sheet = buildClubSheet(clubGame().state);
    // the acquaintance night has its own table; night 2 is still being played, so it has no line yet
    expect(sheet.nights.map((n) => n.round)).toEqual([1]);
    expect(sheet.nights[0]).toEqual({
      round: 1,
      block: { seat: 8, target: 1, blocked: false },
      shots: [
        { seat: 6, target: 2, blocked: false },
        { seat: 7, target: 2, blocked: false },
      ],
      donCheck: { seat: 7, target: 9, result: 'sheriff', blocked: false },
      sheriffCheck: { seat: 9, target: 6, result: 'black', blocked: false },
      heal: null,
      kill: { seat: 5, target: 3, blocked: false },
      outcomes: expect.arrayContaining([
        { by: 'mafia', target: 2, killed: true, reason: 'killed' },
        { by: 'maniac', target: 3, killed: true, reason: 'killed' },
      ]),
      deaths: [2, 3],
    });
  });

  it("E13: the Doctor's heal is on the night's line, and the outcome says the mafia's victim was saved", () => {
    // given thirteen at the table (E16): mafiosi 6, 10, 11, Don 7, Putana 8, Sheriff 9, Doctor 12, Maniac 5
    const deal = {
      5: 'maniac',
      6: 'mafia',
      7: 'don',
      8: 'lover',
      9: 'sheriff',
      10: 'mafia',
      11: 'mafia',
      12: 'doctor',
    };
    const t = givenGame({ preset: 'club' }, 13, deal as Record<number, 'civilian'>);
    advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
    talk(t);
    // when the Putana visits the Maniac, the mafia shoots #1 and the Doctor heals #1
    night(t, [
      [8, 'block', 5],
      ...[6, 7, 10, 11].map((seat): [number, string, number] => [seat, 'shoot', 1]),
      [12, 'heal', 1],
      [5, 'kill', 2],
    ]);
    const sheet = buildClubSheet(t.state);
    // then the acquaintance night had the Doctor too, and the night's line holds the heal and the blocked kill
    expect(sheet.acquaintance.map((a) => a.wake)).toEqual(['lover', 'mafia', 'sheriff', 'doctor', 'maniac']);
    expect(sheet.nights[0]).toMatchObject({
      block: { seat: 8, target: 5, blocked: false },
      heal: { seat: 12, target: 1, blocked: false },
      kill: { seat: 5, target: 2, blocked: true },
      deaths: [],
    });
    expect(sheet.nights[0].outcomes).toEqual(
      expect.arrayContaining([
        { by: 'mafia', target: 1, killed: false, reason: 'savedByDoctor' },
        { by: 'maniac', target: 2, killed: false, reason: 'blocked' },
      ]),
    );
  });

  it("E13, C4: a night where the host records only the mafia's result keeps no shots, the result with its reason and the other roles' actions", () => {
    // given nine at the table, past day 1
    const t = nineAtTheClub();
    advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
    talk(t);
    // when the Putana visits #4, the host records only "the mafia shot #2", and the Sheriff checks #7
    does(t, 'host', { type: 'act', ability: 'block', target: 4, as: 8 });
    host(t, { type: 'advance' });
    expect(t.state.wake).toBe('mafia');
    does(t, 'host', { type: 'recordShot', target: 2 });
    night(t, [[9, 'check', 7]]);
    // then the night's line has no shot by seat, the recorded result, the visit and the check
    const line = buildClubSheet(t.state).nights[0];
    expect(line).toMatchObject({
      round: 1,
      block: { seat: 8, target: 4, blocked: false },
      shots: [],
      donCheck: null,
      sheriffCheck: { seat: 9, target: 7, result: 'black', blocked: false },
      heal: null,
      kill: null,
      deaths: [2],
    });
    expect(line.outcomes).toEqual([{ by: 'mafia', target: 2, killed: true, reason: 'killed' }]);
  });

  it('E7, E8, E12: a day gives nominations, the ballot with each vote, the alibi and who stayed on it', () => {
    const sheet = buildClubSheet(clubGame().state);
    const [day1, day2] = sheet.days;
    // E7, E8: nobody nominated on day 1, no vote
    expect(day1).toMatchObject({
      round: 1,
      nominations: [],
      ballots: [],
      result: 'noVote',
      alibi: null,
      stayed: [],
    });
    // E12: #1 leads 4–3 but the Putana visited him the night before: he stays, nobody leaves
    expect(day2).toMatchObject({
      round: 2,
      nominations: [
        { by: 4, target: 1 },
        { by: 5, target: 6 },
      ],
      alibi: 1,
      stayed: [1],
      result: 'nobody',
      leaves: [],
    });
    expect(day2.ballots).toHaveLength(1);
    expect(day2.ballots[0]).toMatchObject({
      kind: 'vote',
      candidates: [1, 6],
      tally: { 1: 4, 6: 3 },
      voters: { 1: [4, 5, 6, 7], 6: [1, 8, 9] },
      leaders: [1],
      decided: 'nobody',
    });
  });

  it('E3: in the lobby, while the host deals seat after seat, his working copy lists only the seats dealt', () => {
    // given a club room of four seated players, dealt by hand
    const t = new Table();
    expect(t.create({ preset: 'club', dealing: 'manual' })).toBeNull();
    for (let seat = 1; seat <= 4; seat++) expect(t.join(`Player ${seat}`, seat)).toBeNull();
    expect(viewFor(t.state, { kind: 'host' }).sheet).toMatchObject({ acquaintance: [] });
    // when the host deals the Don to seat 2 and a mafioso to seat 3, the others not yet
    does(t, 'host', { type: 'assignRole', seat: 2, role: 'don' });
    does(t, 'host', { type: 'assignRole', seat: 3, role: 'mafia' });
    // then the acquaintance night holds the mafia's two seats and nobody else
    expect(viewFor(t.state, { kind: 'host' }).sheet).toMatchObject({
      acquaintance: [{ wake: 'mafia', seats: [2, 3] }],
    });
  });

  it('E3: the host sees the sheet as his working copy during the game; the players do not', () => {
    const t = clubGame();
    expect(viewFor(t.state, { kind: 'host' }).sheet).toMatchObject({ rules: 'club', final: false });
    for (const seat of [1, 7, 8]) expect(seatView(t, seat).sheet).toBeNull();
  });

  it('E5: once the host has removed the mafia and the Maniac, the town has won and everyone sees the final sheet', () => {
    // given the club scenario, when the host removes #5, #6 and #7 for threats (E5)
    const t = clubGame();
    for (const seat of [5, 6, 7]) does(t, 'host', { type: 'disqualify', seat, reason: 'threats' });
    // then the game is over and every seat's view carries the final sheet with the winner
    const sheet = seatView(t, 1).sheet;
    expect(sheet).toMatchObject({ rules: 'club', final: true, winner: 'town' });
    expect(sheet && 'rules' in sheet ? sheet.seats[5].left : null).toEqual({
      how: 'disqualified',
      round: 2,
      reason: 'threats',
    });
  });

  it('renders one printable page with every part, names escaped', () => {
    const t = clubGame();
    const sheet = buildClubSheet(t.state);
    sheet.seats[0].player = '<b>Ann</b>';
    const page = renderClubSheetHtml(sheet);
    expect(page).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(page).not.toContain('<b>Ann</b>');
    for (const part of ['Acquaintance night', 'Putana', 'Night 1', 'Day 2', 'alibi #1', 'Working copy']) {
      expect(page).toContain(part);
    }
  });

  it('E13: a check the Putana blocked is listed, marked blocked, on the sheet and on the printed protocol', () => {
    // given nine at the club: the Putana visits the Sheriff on night 1, who checks the mafioso
    const t = nineAtTheClub();
    advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
    talk(t);
    night(t, [
      [8, 'block', 9],
      [9, 'check', 6],
      [7, 'check', 1],
    ]);
    // then night 1's line holds the Sheriff's check, marked, and the Don's unmarked
    const line = buildClubSheet(t.state).nights[0];
    expect(line.sheriffCheck).toMatchObject({ seat: 9, target: 6, blocked: true });
    expect(line.donCheck).toMatchObject({ seat: 7, target: 1, blocked: false });
    // and the printed protocol says so beside it
    expect(renderClubSheetHtml(buildClubSheet(t.state))).toMatch(/9: #6 [^<]*\(blocked\)/);
    // while the Sheriff himself learns nothing (E13)
    expect(seatView(t, 9).you?.checks).toEqual([]);
  });
});
