import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ro } from './ro.js';
import { ru } from './ru.js';
import type { SheetLabels } from './types.js';

export type { ClubLabels, SheetLabels } from './types.js';

/** The protocol's languages: the PWA's. */
export const SHEET_LABELS = { en, es, fr, ro, ru } as const satisfies Record<string, SheetLabels>;
export type SheetLocale = keyof typeof SHEET_LABELS;
export const SHEET_LOCALES = Object.keys(SHEET_LABELS) as SheetLocale[];

export const isSheetLocale = (lang: string): lang is SheetLocale => Object.hasOwn(SHEET_LABELS, lang);

/** The words of a language by its tag ("ru", "ru-RU"); English for one the protocol does not speak. */
export function sheetLabels(lang = 'en'): SheetLabels {
  const base = lang.toLowerCase().split(/[-_]/)[0];
  return isSheetLocale(base) ? SHEET_LABELS[base] : en;
}

/** A label with its `{0}`, `{1}` … filled in. */
export const fill = (template: string, ...values: Array<string | number>): string =>
  template.replace(/\{(\d+)\}/g, (all, i: string) =>
    Number(i) < values.length ? String(values[Number(i)]) : all,
  );

/** An ISO date ("2026-12-01") as the language writes it; anything else as it is. */
export function sheetDate(labels: SheetLabels, iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = m ? labels.months[Number(m[2]) - 1] : undefined;
  return m && month ? fill(labels.date, Number(m[3]), month, m[1]) : iso;
}
