import { configureLocalization } from '@lit/localize';
import { LOCALES, type Locale, pickLocale } from '../logic/locale-pick.js';
import { loadSheetWords } from './sheet-words.js';

const SAVED = 'sc.locale';

/** Each language is its own chunk, fetched only when chosen (and precached for offline use). */
const loaders = {
  es: () => import('../locales/es.js'),
  fr: () => import('../locales/fr.js'),
  ro: () => import('../locales/ro.js'),
  ru: () => import('../locales/ru.js'),
};

const { getLocale, setLocale } = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['es', 'fr', 'ro', 'ru'],
  loadLocale: (locale) => loaders[locale as keyof typeof loaders](),
});

export { getLocale };

/** Names of the languages in themselves: a player who cannot read the current one still finds his. */
export const ENDONYMS: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  ro: 'Română',
  ru: 'Русский',
};

export { LOCALES, type Locale };

function saved(): string | null {
  try {
    return localStorage.getItem(SAVED);
  } catch {
    return null;
  }
}

/** The device's language on first run; the player's own choice afterwards. */
export async function startLocalization(): Promise<void> {
  await applyLocale(pickLocale(saved(), navigator.languages ?? [navigator.language]));
}

export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(SAVED, locale);
  } catch {
    // Private browsing without storage: the choice lasts this visit.
  }
  await applyLocale(locale);
}

async function applyLocale(locale: Locale): Promise<void> {
  // Both chunks load side by side; the screens re-render in the new language with the sheet's words at hand.
  await Promise.all([loadSheetWords(locale), locale === 'en' ? undefined : loaders[locale]()]);
  await setLocale(locale);
  document.documentElement.lang = locale;
}
