import { describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/domain/vocabulary.js';
import type { NightAction, NightOutcome, OutcomeReason } from '../../shared/log/records.js';
import { resolveNight } from '../../shared/night/resolve.js';
import type { RoleId } from '../../shared/roles/index.js';
import { PRESETS } from '../../shared/rules/presets.js';
import type { Settings } from '../../shared/rules/settings.js';

/** Nine seats: mafiosi 1–2, Putana 3, Sheriff 4, Doctor 5, Bodyguard 6, Maniac 7, civilians 8–9. */
const roles: Record<string, RoleId> = {
  1: 'mafia',
  2: 'mafia',
  3: 'lover',
  4: 'sheriff',
  5: 'doctor',
  6: 'bodyguard',
  7: 'maniac',
  8: 'civilian',
  9: 'civilian',
};
const everyone: Seat[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const roleGame = PRESETS.roleGame.defaults;

const act = (seat: Seat, ability: NightAction['ability'], target: Seat): NightAction => ({
  seat,
  ability,
  target,
});
const shots = (target: Seat, ...seats: Seat[]) => seats.map((seat) => act(seat, 'shoot', target));

interface Case {
  rule: string;
  actions: NightAction[];
  settings?: Partial<Settings>;
  recordedShot?: { target: Seat | null };
  outcomes: NightOutcome[];
  deaths: Seat[];
}

/** One case per outcome reason the night can give; the type makes the list complete. */
const cases: Record<OutcomeReason, Case> = {
  killed: {
    rule: 'A5: every mafioso shot the same seat',
    actions: shots(9, 1, 2),
    outcomes: [{ by: 'mafia', target: 9, killed: true, reason: 'killed' }],
    deaths: [9],
  },
  notAllShot: {
    rule: 'A5: one mafioso did not shoot',
    actions: shots(9, 1),
    outcomes: [{ by: 'mafia', target: 9, killed: false, reason: 'notAllShot' }],
    deaths: [],
  },
  splitTargets: {
    rule: 'A5: the mafiosi shot at different seats',
    actions: [...shots(8, 1), ...shots(9, 2)],
    outcomes: [{ by: 'mafia', target: null, killed: false, reason: 'splitTargets' }],
    deaths: [],
  },
  noShot: {
    rule: 'A5: nobody shot',
    actions: [],
    outcomes: [{ by: 'mafia', target: null, killed: false, reason: 'noShot' }],
    deaths: [],
  },
  immune: {
    rule: 'A6: the immune seat survives night 1',
    actions: shots(9, 1, 2),
    settings: { immunity: 9 },
    outcomes: [{ by: 'mafia', target: 9, killed: false, reason: 'immune' }],
    deaths: [],
  },
  savedByDoctor: {
    rule: 'E13: the Doctor heals the mafia’s victim',
    actions: [...shots(9, 1, 2), act(5, 'heal', 9)],
    outcomes: [{ by: 'mafia', target: 9, killed: false, reason: 'savedByDoctor' }],
    deaths: [],
  },
  guarded: {
    rule: 'the Bodyguard stands before the victim',
    actions: [...shots(9, 1, 2), act(6, 'guard', 9)],
    outcomes: [{ by: 'mafia', target: 9, killed: false, reason: 'guarded' }],
    deaths: [],
  },
  diedGuarding: {
    rule: 'setting bodyguardDies: the Bodyguard dies in the victim’s place',
    actions: [...shots(9, 1, 2), act(6, 'guard', 9)],
    settings: { bodyguardDies: true },
    outcomes: [
      { by: 'mafia', target: 9, killed: false, reason: 'guarded' },
      { by: 'mafia', target: 6, killed: true, reason: 'diedGuarding' },
    ],
    deaths: [6],
  },
  blocked: {
    rule: 'E13: the Putana blocks the Maniac; his kill does nothing',
    actions: [act(3, 'block', 7), act(7, 'kill', 8)],
    outcomes: [
      { by: 'mafia', target: null, killed: false, reason: 'noShot' },
      { by: 'maniac', target: 8, killed: false, reason: 'blocked' },
    ],
    deaths: [],
  },
  recorded: {
    rule: 'C4: the moderator recorded a miss',
    actions: [],
    recordedShot: { target: null },
    outcomes: [{ by: 'mafia', target: null, killed: false, reason: 'recorded' }],
    deaths: [],
  },
};

const night = (c: Omit<Case, 'rule' | 'outcomes' | 'deaths'>) =>
  resolveNight({
    round: 1,
    alive: everyone,
    roles,
    actions: c.actions,
    recordedShot: c.recordedShot ?? null,
    settings: { ...roleGame, ...c.settings },
  });

describe('night resolution: one case per outcome reason', () => {
  for (const [reason, c] of Object.entries(cases)) {
    it(`${reason} — ${c.rule}`, () => {
      const report = night(c);
      expect(report.outcomes).toEqual(c.outcomes);
      expect(report.deaths.map((d) => d.seat)).toEqual(c.deaths);
    });
  }
});

describe('night resolution: the club’s Putana and Doctor (E13)', () => {
  const club = PRESETS.club.defaults;

  it('E13: the Doctor heals only from the mafia’s shot — the Maniac’s victim dies though the Doctor chose him', () => {
    const report = night({ actions: [act(7, 'kill', 8), act(5, 'heal', 8)], settings: club });
    expect(report.outcomes).toContainEqual({ by: 'maniac', target: 8, killed: true, reason: 'killed' });
    expect(report.deaths).toEqual([{ seat: 8, how: 'killed' }]);
  });

  it('C25: in the role game the Doctor stops any attack on the player he heals', () => {
    const report = night({ actions: [act(7, 'kill', 8), act(5, 'heal', 8)] });
    expect(report.outcomes).toContainEqual({
      by: 'maniac',
      target: 8,
      killed: false,
      reason: 'savedByDoctor',
    });
  });

  it('E13, D4 case 4: a blocked mafioso counts as asleep — the others’ joint shot stands', () => {
    const report = night({ actions: [act(3, 'block', 2), ...shots(9, 1)], settings: club });
    expect(report.deaths).toEqual([{ seat: 9, how: 'shot' }]);
    expect(report.alibi).toBe(2);
  });

  it('E13, D4 case 3: every shooter blocked — the shot is not done', () => {
    const alone = { ...roles, 2: 'civilian' as const };
    const report = resolveNight({
      round: 1,
      alive: everyone,
      roles: alone,
      actions: [act(3, 'block', 1), ...shots(9, 1)],
      recordedShot: null,
      settings: club,
    });
    expect(report.outcomes).toEqual([{ by: 'mafia', target: 9, killed: false, reason: 'blocked' }]);
  });

  it('D4 case 6: different targets spoil the shot even when one shooter was blocked', () => {
    const report = night({ actions: [act(3, 'block', 2), ...shots(8, 1), ...shots(9, 2)], settings: club });
    expect(report.outcomes[0]).toMatchObject({ reason: 'splitTargets' });
    expect(report.deaths).toEqual([]);
  });

  it('E13: a blocked Doctor heals nobody', () => {
    const report = night({
      actions: [act(3, 'block', 5), ...shots(9, 1, 2), act(5, 'heal', 9)],
      settings: club,
    });
    expect(report.deaths).toEqual([{ seat: 9, how: 'shot' }]);
  });
});
