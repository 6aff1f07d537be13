import { en } from '../../../shared/audit/sheet-labels/en.js';
import type { SheetLabels } from '../../../shared/audit/sheet-labels/index.js';

/**
 * The game sheet's own words (shared/audit/sheet-labels) in the app's language, for the screens that tell
 * what the sheet writes — how a day ended — in the very same words. Each language but English is a chunk
 * of its own, fetched with the app's texts when it is chosen.
 */
const loaders = {
  es: () => import('../../../shared/audit/sheet-labels/es.js').then((m) => m.es),
  fr: () => import('../../../shared/audit/sheet-labels/fr.js').then((m) => m.fr),
  ro: () => import('../../../shared/audit/sheet-labels/ro.js').then((m) => m.ro),
  ru: () => import('../../../shared/audit/sheet-labels/ru.js').then((m) => m.ru),
};

let current: SheetLabels = en;

/** The sheet's words in the language the app shows now. */
export const sheetWords = (): SheetLabels => current;

/** Loads the sheet's words of a language; the app switches to it only once they are here. */
export async function loadSheetWords(locale: string): Promise<void> {
  const load = loaders[locale as keyof typeof loaders];
  current = load ? await load() : en;
}
