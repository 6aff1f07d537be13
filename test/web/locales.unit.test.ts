import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { templates as es } from '../../web/src/locales/es.js';
import { templates as fr } from '../../web/src/locales/fr.js';
import { templates as ro } from '../../web/src/locales/ro.js';
import { templates as ru } from '../../web/src/locales/ru.js';
import { sourceMessages } from './support/messages.js';

const LOCALES = { es, fr, ro, ru } as Record<string, Record<string, unknown>>;

/**
 * Translations that are rightly the English word: names of roles, teams and presets that the languages
 * borrow, and what has no words at all.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: [
    'forum.bucks',
    'role.don',
    'role.doctor',
    'role.mafia',
    'role.yakuza',
    'team.mafia',
    'team.yakuza',
    'preset.club',
    'chat.title',
    'host.mafia',
    'script.checked',
  ],
  fr: [
    'forum.bucks',
    'team.mafia',
    'team.yakuza',
    'role.yakuza',
    'preset.club',
    'chat.message',
    'ctl.pause',
    'meta.table',
    'stage.vote',
    'res.points',
  ],
  ro: [
    'forum.bucks',
    'role.don',
    'role.doctor',
    'role.maniac',
    'role.yakuza',
    'team.mafia',
    'team.maniac',
    'team.yakuza',
    'preset.club',
    'chat.title',
    'host.mafia',
    'script.checked',
  ],
  ru: ['script.checked'],
};

const messages = sourceMessages(fileURLToPath(new URL('../../web/src/', import.meta.url)));
const english = new Map(messages.map((m) => [m.id, m]));

/** A `str` template's values in a translation: the indices of the English values it uses. */
function valuesOf(t: unknown): number[] | null {
  if (typeof t === 'string') return null;
  return [...(t as { values: number[] }).values].sort((a, b) => a - b);
}

function textOf(t: unknown): string {
  if (typeof t === 'string') return t;
  const { strings, values } = t as { strings: string[]; values: number[] };
  return strings.map((s, i) => (i === 0 ? s : `\${${values[i - 1]}}${s}`)).join('');
}

describe('the translations', () => {
  it('find every message with an explicit id, one English text per id', () => {
    expect(english.size).toBeGreaterThan(300);
    for (const m of messages) expect(english.get(m.id)?.english, `${m.id} in ${m.file}`).toBe(m.english);
  });

  for (const [locale, templates] of Object.entries(LOCALES)) {
    it(`translate every message into ${locale}, keeping every value`, () => {
      const missing = [...english.keys()].filter((id) => !(id in templates));
      const unused = Object.keys(templates).filter((id) => !english.has(id));
      expect(missing, 'missing').toEqual([]);
      expect(unused, 'no longer used').toEqual([]);
      for (const [id, m] of english) {
        const want = m.placeholders === 0 ? null : Array.from({ length: m.placeholders }, (_, i) => i);
        expect(valuesOf(templates[id]), `${locale} ${id}`).toEqual(want);
      }
    });

    it(`really translate into ${locale}`, () => {
      const same = [...english]
        .filter(([id, m]) => textOf(templates[id]) === m.english)
        .map(([id]) => id)
        .sort();
      expect(same).toEqual([...SAME_AS_ENGLISH[locale]].sort());
    });
  }
});
