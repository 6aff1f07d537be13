import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../shared/rules/presets.js';
import { type Settings, type SettingsInput, settingsInputSchema } from '../../shared/rules/settings.js';
import {
  applies,
  boundsOf,
  CHOICES,
  dealableRoles,
  defaultsOf,
  fieldsOf,
  PRESET_LIST,
  roleCounts,
} from '../../web/src/logic/settings-fields.js';

/** The options of a picklist inside the server's (optional) schema entry. */
function optionsOf(key: string): unknown[] {
  const entry = settingsInputSchema.entries[key as keyof typeof settingsInputSchema.entries] as {
    wrapped?: { options?: unknown[] };
  };
  return entry.wrapped?.options ?? [];
}

describe('the settings form', () => {
  it('offers exactly the values the server accepts for each choice', () => {
    for (const [key, options] of Object.entries(CHOICES)) {
      expect([...options].sort(), key).toEqual([...optionsOf(key)].sort());
    }
  });

  it('has a field for every setting of every preset, timers and header included', () => {
    for (const preset of PRESET_LIST) {
      const defaults = PRESETS[preset].defaults;
      const keys = fieldsOf(defaults).map((f) => f.key);
      const expected = Object.keys(defaults).filter((k) => k !== 'preset');
      expect(keys.sort(), preset).toEqual(expected.sort());
      const timers = fieldsOf(defaults).find((f) => f.kind === 'timers');
      expect(timers && 'keys' in timers ? timers.keys : []).toEqual(Object.keys(defaults.timers));
    }
  });

  it('sends settings the server’s schema takes as they are', () => {
    for (const preset of PRESET_LIST) {
      const settings: Settings = defaultsOf(preset);
      const parsed = v.safeParse(settingsInputSchema, settings);
      expect(parsed.success, preset).toBe(true);
    }
  });

  it('starts each preset from its own defaults, not a shared object', () => {
    const a = defaultsOf('sport');
    a.timers.speech = 1;
    expect(PRESETS.sport.defaults.timers.speech).toBe(60);
    expect(defaultsOf('club').master).toBe('moderator');
  });

  it('shows the role table a preset deals for the number of players', () => {
    const online = defaultsOf('online');
    expect(roleCounts(online, 7)).toMatchObject({ mafia: 1, don: 1, sheriff: 1, civilian: 4 });
    expect(roleCounts({ ...online, roles: { mafia: 3 } }, 7)).toMatchObject({
      mafia: 3,
      sheriff: 0,
      civilian: 4,
    });
  });
});

/** The keys of the fields the form shows for these settings. */
const shown = (settings: Settings) =>
  fieldsOf(defaultsOf(settings.preset))
    .filter((f) => applies(f.key, settings))
    .map((f) => f.key);

describe('the settings form shows only what applies to the chosen rules', () => {
  it('given classic rules (a continuous majority), then no nomination rules, no forum tables, no Doctor', () => {
    const keys = shown(defaultsOf('classic'));
    expect(keys).toContain('majorityOf');
    for (const key of [
      'tie',
      'minCandidates',
      'nominate',
      'forum',
      'doctorSaves',
      'bodyguardDies',
    ] as const) {
      expect(keys, key).not.toContain(key);
    }
  });

  it('given sport rules (votes on nominations), then the nomination rules and not the majority base', () => {
    const keys = shown(defaultsOf('sport'));
    expect(keys).toEqual(expect.arrayContaining(['tie', 'allTied', 'minCandidates', 'nominate']));
    expect(keys).not.toContain('majorityOf');
  });

  it('given the club rules, then the Doctor settings, since the club table deals a Doctor', () => {
    expect(shown(defaultsOf('club'))).toEqual(expect.arrayContaining(['doctorSaves', 'doctorStops']));
  });

  it('given the forum game, then its tables', () => {
    expect(shown(defaultsOf('forum'))).toContain('forum');
  });

  it('when the host deals a Bodyguard of his own, then the Bodyguard setting appears', () => {
    const settings: Settings = { ...defaultsOf('classic'), roles: { mafia: 2, sheriff: 1, bodyguard: 1 } };
    expect(dealableRoles(settings)).toEqual(new Set(['mafia', 'sheriff', 'bodyguard']));
    expect(shown(settings)).toContain('bodyguardDies');
  });

  it('when the day switches to nominations or the best move is off, then the form follows', () => {
    const classic = defaultsOf('classic');
    expect(shown({ ...classic, voting: 'nominations' })).toContain('tie');
    expect(shown({ ...defaultsOf('sport'), bestMove: false })).not.toContain('bestMovePoints');
  });
});

describe('the settings form for the forum game and for each master', () => {
  it('given the forum game (seed 003), then no day formats, no introduction night and no checks', () => {
    const keys = shown(defaultsOf('forum'));
    expect(keys).toContain('forum');
    for (const key of [
      'dayFormat',
      'firstDayFormat',
      'introNight',
      'introFullTime',
      'introScript',
      'checkMode',
    ])
      expect(keys).not.toContain(key);
  });

  it('given an automatic master, then no introduction script; given a narrator, then it is offered', () => {
    const auto = { ...defaultsOf('classic'), master: 'auto' as const, introNight: 'always' as const };
    expect(shown(auto)).not.toContain('introScript');
    expect(shown({ ...auto, master: 'narrator' })).toContain('introScript');
  });
});

describe('the settings form’s choices and bounds come from the server’s schema', () => {
  it('gives each number field the bounds the schema checks', () => {
    const numbers = fieldsOf(defaultsOf('sport')).flatMap((f) => (f.kind === 'number' ? [f] : []));
    expect(numbers.length).toBeGreaterThan(0);
    for (const f of numbers) {
      const bounds = boundsOf(f.key as keyof SettingsInput);
      expect(bounds, f.key).not.toBeNull();
      expect([f.min, f.max], f.key).toEqual(bounds);
    }
    expect(boundsOf('minCandidates')).toEqual([1, 10]);
  });

  it('offers each choice exactly the values the schema accepts', () => {
    for (const [key, options] of Object.entries(CHOICES))
      for (const value of options)
        expect(v.safeParse(settingsInputSchema, { [key]: value }).success, `${key}=${value}`).toBe(true);
  });
});
