import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClubSheet } from '../../shared/audit/club-sheet.js';
import { formatTimelineLine, timeline } from '../../shared/audit/timeline.js';
import { type Table, tableLog } from '../../shared/play/table.js';
import { ABILITIES, type AbilityDef, ROLES, type RoleDef, type RoleId } from '../../shared/roles/index.js';
import { does, givenGame, seatView, until } from '../support/game.js';
import { advanceTo, night, talk } from './support/moderated.js';

/**
 * Two roles that exist only as rows: a Jailer whose ability is a block, and an Angel whose ability is a
 * protection. Their verbs are deliberately those of other kinds (the Jailer sends `guard`, the Angel
 * `block`), so only the rows' kinds and effects can make them work.
 */
const jailerAbility: AbilityDef = {
  verb: 'guard',
  kind: 'block',
  wake: 'lover',
  joint: false,
  targets: { count: 1, self: false, teammates: true },
  usesPerGame: null,
  block: { alibi: false },
};
const angelAbility: AbilityDef = {
  verb: 'block',
  kind: 'protect',
  wake: 'doctor',
  joint: false,
  targets: { count: 1, self: true, teammates: true },
  usesPerGame: null,
  protection: { priority: 0, reason: 'guarded', stops: 'any', once: false, holderDies: false },
};
const plain = { black: false, meets: null, sought: false } as const;

const abilities = ABILITIES as Record<string, AbilityDef>;
const roles = ROLES as Record<string, RoleDef>;
/**
 * The command schema lists the role names when its module loads, so the synthetic roles take the rows of two
 * role names the club deals — the Putana's and the Doctor's — for the length of these tests.
 */
const saved = { lover: roles.lover, doctor: roles.doctor };

beforeAll(() => {
  abilities.testJail = jailerAbility;
  abilities.testWard = angelAbility;
  roles.lover = { ...plain, team: 'town', abilities: ['testJail' as never] };
  roles.doctor = { ...plain, team: 'town', abilities: ['testWard' as never] };
});
afterAll(() => {
  delete abilities.testJail;
  delete abilities.testWard;
  roles.lover = saved.lover;
  roles.doctor = saved.doctor;
});

/** Nine at the club: mafioso 6, Don 7, the Jailer 8, the Sheriff 9, the Angel 4; civilians the rest. */
const DEAL = { 4: 'doctor', 6: 'mafia', 7: 'don', 8: 'lover', 9: 'sheriff' } as Record<number, RoleId>;

function firstNight(): Table {
  const t = givenGame({ preset: 'club' }, 9, DEAL);
  advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
  talk(t);
  night(t, [
    [8, 'guard', 9],
    [9, 'check', 6],
    [6, 'shoot', 3],
    [7, 'shoot', 3],
    [4, 'block', 3],
  ]);
  return t;
}

/** The same deal with everyone acting at once (auto): the Sheriff checks before the Jailer's block comes. */
function atOnceNight(block: boolean): Table {
  const t = givenGame({ preset: 'club', master: 'auto' }, 9, DEAL);
  until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
  does(t, 9, { type: 'act', ability: 'check', target: 6 });
  // While the Jailer may still act, the check's answer is kept back from everyone.
  expect(seatView(t, 9).you?.checks).toEqual([]);
  does(t, 6, { type: 'act', ability: 'shoot', target: 3 });
  does(t, 7, { type: 'act', ability: 'shoot', target: 3 });
  does(t, 4, { type: 'act', ability: 'block', target: 3 });
  does(t, 8, { type: 'act', ability: 'guard', target: block ? 9 : 2 });
  until(t, { phase: { kind: 'day', round: 2 } });
  return t;
}

describe('a role added as rows only (abilities carry their effect)', () => {
  it('E13: at a night where all act at once, a check blocked later in the night shows nothing anywhere', () => {
    const t = atOnceNight(true);
    expect(seatView(t, 9).you?.checks).toEqual([]);
    // The sheet lists the check, marked blocked, without an answer (docs/sheet.md).
    expect(buildClubSheet(t.state).nights[0].sheriffCheck).toEqual({
      seat: 9,
      target: 6,
      result: null,
      blocked: true,
    });
    expect(t.state.nights[0].actions.find((a) => a.seat === 9)?.result).toBeUndefined();
    for (const viewer of [{ kind: 'seat', seat: 9 }, { kind: 'analyst' }] as const) {
      const lines = timeline(tableLog(t, 'g1'), viewer).map(formatTimelineLine);
      expect(lines.some((line) => line.includes('black'))).toBe(false);
    }
  });

  it('E13: at a night where all act at once, an unblocked check is answered when the night ends', () => {
    const t = atOnceNight(false);
    expect(seatView(t, 9).you?.checks).toEqual([{ round: 1, target: 6, result: 'black' }]);
    expect(buildClubSheet(t.state).nights[0].sheriffCheck).toEqual({
      seat: 9,
      target: 6,
      result: 'black',
      blocked: false,
    });
  });

  it('E13: a check blocked by a row of kind block shows nothing in the view, the sheet or the timeline', () => {
    const t = firstNight();
    expect(t.state.phase).toMatchObject({ kind: 'day', round: 2 });
    expect(seatView(t, 9).you?.checks).toEqual([]);
    expect(buildClubSheet(t.state).nights[0].sheriffCheck).toEqual({
      seat: 9,
      target: 6,
      result: null,
      blocked: true,
    });
    const lines = timeline(tableLog(t, 'g1'), { kind: 'seat', seat: 9 }).map(formatTimelineLine);
    expect(lines.some((line) => line.includes('black'))).toBe(false);
  });

  it('a seat shielded by a row of kind protect lives, with the reason its row gives', () => {
    const t = firstNight();
    expect(t.state.alive).toContain(3);
    expect(t.state.lastNight?.outcomes).toContainEqual({
      by: 'mafia',
      target: 3,
      killed: false,
      reason: 'guarded',
    });
    expect(t.state.lastNight?.deaths).toEqual([]);
  });
});
