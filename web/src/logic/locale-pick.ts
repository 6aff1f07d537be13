export const LOCALES = ['en', 'es', 'fr', 'ro', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

const isLocale = (x: string): x is Locale => (LOCALES as readonly string[]).includes(x);

/**
 * The language to show: the one the player chose on this phone, else the first of the device's languages
 * we speak ("fr-CA" → "fr"; "mo" is Moldovan, written as Romanian), else English.
 */
export function pickLocale(saved: string | null, languages: readonly string[]): Locale {
  if (saved && isLocale(saved)) return saved;
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'mo') return 'ro';
    if (isLocale(primary)) return primary;
  }
  return 'en';
}
