import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClubSheet } from '../../shared/audit/club-sheet.js';
import { buildSheet } from '../../shared/audit/sheet.js';
import {
  SHEET_LABELS,
  SHEET_LOCALES,
  sheetDate,
  sheetLabels,
} from '../../shared/audit/sheet-labels/index.js';
import { renderAnySheetHtml } from '../../shared/audit/sheets.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { templates as ruApp } from '../../web/src/locales/ru.js';

/** Every string of a dictionary by its path ("club.reason.killed"); arrays by index. */
function leaves(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

/**
 * Words a language writes as English does: role letters and names it shares (Don, Doctor, Mafia, Yakuza),
 * and words spelt alike (fr Date, Table, Points, Vote, alibi; Total). Anything else equal to English is a
 * label left untranslated.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  ru: [],
  fr: [
    '{0} {1} {2}',
    'Date',
    'Table',
    'table {0}',
    'S',
    'M',
    'Points',
    'Total',
    'Yakuza',
    'Vote',
    'Mafia',
    'alibi {0}',
  ],
  es: ['M', 'D', 'r{0}', 'Total', 'Yakuza', 'Don', 'Mafioso', 'Doctor', 'Mafia'],
  ro: ['{0} {1} {2}', 'M', 'D', 'r{0}', 'Total', 'Maniac', 'Yakuza', 'Don', 'Doctor', 'Mafia', 'alibi {0}'],
};

function played(file: string) {
  const parsed = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', file), 'utf8')),
  );
  if (!parsed.ok) throw new Error(parsed.message);
  const run = runScenario(parsed.scenario);
  if (!run.ok) throw new Error(`${file} step ${run.step}: ${run.message}`);
  return run.table.state;
}

/** A sport game to the end (fouls, a lift-all vote, the best move) and a club game with an alibi. */
const sport = buildSheet(played('sport-sheet-full-game.json'));
const club = buildClubSheet(played('club-night-and-alibi.json'));

/** What a reader sees of a page: the text of its body, tags dropped, entities read back. */
function visibleText(page: string): string {
  const body = page.slice(page.indexOf('<body>'));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** The page's text without what players and the judge typed: names, the tournament's own words. */
function labelsOnly(page: string, sheet: typeof sport | typeof club): string {
  const typed = [
    ...sheet.seats.map((s) => s.player),
    sheet.header.tournament,
    sheet.header.stage,
    sheet.header.judge,
  ].filter(Boolean);
  return typed
    .sort((a, b) => b.length - a.length)
    .reduce((text, name) => text.split(name).join(' '), visibleText(page));
}

describe('the protocol in every language the app speaks', () => {
  const english = new Map(leaves(SHEET_LABELS.en));

  it('has a dictionary for each of the app’s languages', () => {
    expect([...SHEET_LOCALES].sort()).toEqual(['en', 'es', 'fr', 'ro', 'ru']);
    // the app's own Russian names the protocol's button: the two lists are the same languages
    expect(ruApp['sheet.protocol']).toBe('Протокол турнира');
  });

  for (const locale of SHEET_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every label English has, with the same values to fill in`, () => {
      const own = new Map(leaves(SHEET_LABELS[locale]));
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, text] of own) {
        expect(text.trim(), `${locale} ${path}`).not.toBe('');
        expect(placeholders(text), `${locale} ${path}`).toEqual(placeholders(english.get(path) ?? ''));
      }
    });

    it(`${locale}: nothing left in English but the words the language shares with it`, () => {
      const same = leaves(SHEET_LABELS[locale])
        .filter(([path, text]) => english.get(path) === text)
        .map(([path, text]) => `${path}=${text}`);
      const allowed = new Set(SAME_AS_ENGLISH[locale]);
      expect(same.filter((entry) => !allowed.has(entry.slice(entry.indexOf('=') + 1)))).toEqual([]);
    });
  }

  it('writes the date as each language does; a date it cannot read stays as it is', () => {
    expect(sheetDate(SHEET_LABELS.en, '2026-12-01')).toBe('1 December 2026');
    expect(sheetDate(SHEET_LABELS.ru, '2026-12-01')).toBe('1 декабря 2026 г.');
    expect(sheetDate(SHEET_LABELS.fr, '2026-08-15')).toBe('15 août 2026');
    expect(sheetDate(SHEET_LABELS.es, '2026-03-07')).toBe('7 de marzo de 2026');
    expect(sheetDate(SHEET_LABELS.ro, '2026-02-28')).toBe('28 februarie 2026');
    expect(sheetDate(SHEET_LABELS.ru, 'soon')).toBe('soon');
  });

  it('picks the language by its tag, English for one it does not speak', () => {
    expect(sheetLabels('ru-RU')).toBe(SHEET_LABELS.ru);
    expect(sheetLabels('fr_CA')).toBe(SHEET_LABELS.fr);
    expect(sheetLabels('de')).toBe(SHEET_LABELS.en);
    expect(sheetLabels()).toBe(SHEET_LABELS.en);
  });
});

describe('the printed protocol, rendered in each language', () => {
  for (const locale of SHEET_LOCALES) {
    const L = SHEET_LABELS[locale];

    it(`${locale}: the sport sheet names its page's language and prints its labels, roles, results and date`, () => {
      const page = renderAnySheetHtml(sport, locale);
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<title>${L.title}`);
      expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      const text = visibleText(page);
      for (const label of [L.title, L.seat, L.player, L.left, L.winner, L.bestMove, L.voting, L.protests])
        expect(text).toContain(label);
      expect(text).toContain(sheetDate(L, sport.header.date));
      expect(text).toContain(L.winners[sport.winner ?? 'draw']);
      for (const letter of Object.values(L.roleLetter))
        expect(page).toContain(`<td class="role">${letter}</td>`);
      expect(text).toContain(L.ballotKind.lift);
    });

    it(`${locale}: the club sheet prints its roles, the acquaintance night and the alibi`, () => {
      const page = renderAnySheetHtml(club, locale);
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<title>${L.club.title}`);
      const text = visibleText(page);
      for (const label of [L.club.acquaintance, L.club.roles.lover, L.club.wake.mafia, L.club.remarks])
        expect(text).toContain(label);
      expect(text).toContain(L.club.alibi.replace('{0}', L.seatNumber.replace('{0}', '1')));
    });
  }

  for (const locale of SHEET_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: no English label on either page`, () => {
      const allowed = new Set(SAME_AS_ENGLISH[locale]);
      const shared = new Set(SAME_AS_ENGLISH[locale].map((w) => w.toLowerCase()));
      // English labels cut at their values ("Day {0} · nominated") into the phrases a reader would see.
      const phrases = [...new Map(leaves(SHEET_LABELS.en)).values()]
        .filter((text) => !allowed.has(text))
        .flatMap((text) => text.split(/\{\d+\}|[·:()#]/))
        .map((p) => p.trim())
        .filter((p) => /[a-z]{3}/i.test(p) && p !== 'UTC' && !shared.has(p.toLowerCase()));
      for (const [sheet, page] of [
        [sport, renderAnySheetHtml(sport, locale)],
        [club, renderAnySheetHtml(club, locale)],
      ] as const) {
        const text = labelsOnly(page, sheet);
        const found = phrases.filter((p) => new RegExp(`(^|[^\\p{L}])${p}([^\\p{L}]|$)`, 'u').test(text));
        expect(found, `${locale}: ${found.join(', ')}`).toEqual([]);
      }
    });
  }

  it('ru: the page has no Latin letters besides the names and UTC', () => {
    for (const sheet of [sport, club]) {
      const text = labelsOnly(renderAnySheetHtml(sheet, 'ru'), sheet).replace(/UTC/g, '');
      expect(text.match(/[A-Za-z]+/g) ?? []).toEqual([]);
    }
  });
});
