import { skeleton } from './confusables.js';
import { cleanText } from './text.js';

/*
 * Player names as a table reads them. A name is shown as typed, cleaned of what nobody can see (control
 * characters, bidi overrides, zero-width joiners); two names that a player could not tell apart on a
 * phone's screen are the same name: compared without case, after compatibility folding, and with the
 * Cyrillic and Greek letters that look like Latin ones read as those.
 */

/** What the table shows: cleaned as any text players type for each other (text.ts). */
export const cleanName = (raw: string): string => cleanText(raw);

/** Letters of other scripts drawn like Latin ones: "Аnn" with a Cyrillic А is "Ann" at the table. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** The name as compared: two players whose keys are equal cannot sit at one table. */
export function nameKey(name: string): string {
  const folded = cleanName(name).normalize('NFKC').toLowerCase();
  let key = '';
  for (const ch of folded) key += LOOK_ALIKES[ch] ?? ch;
  return key;
}

/**
 * Whether two names cannot be told apart at the table: the same without case (nameKey), or the same
 * confusable skeleton (confusables.ts: "Ivan" and "lvan", "Hana" with a Greek Eta, "Mila" and "rnila"),
 * also without case.
 */
export function confusableNames(a: string, b: string): boolean {
  if (nameKey(a) === nameKey(b)) return true;
  const look = (n: string) => skeleton(nameKey(skeleton(cleanName(n).normalize('NFKC'))));
  return look(a) === look(b);
}

/** Names the app itself gives to those who are not players; a seat called so would be taken for them. */
const RESERVED = [
  'host',
  'system',
  'judge',
  'narrator',
  'moderator',
  'spectator',
  'anfitrión',
  'juez',
  'narrador',
  'moderador',
  'hôte',
  'juge',
  'narrateur',
  'modérateur',
  'gazdă',
  'gazda',
  'arbitru',
  'narator',
  'moderator',
  'ведущий',
  'судья',
  'модератор',
  'хост',
].map(nameKey);

export function isReservedName(name: string): boolean {
  return RESERVED.includes(nameKey(name));
}
