/*
 * Confusable skeletons after Unicode TS 39 (section 4), for the letters that matter at a table: the Latin,
 * Cyrillic and Greek ones drawn alike, taken from confusables.txt (its prototypes: `I` and `1` read as `l`,
 * `0` as `O`, `rn` as `m`). Only this subset is kept, as a table here, rather than the whole file.
 */

/** One character → its prototype, case kept (TS 39 skeletons are case-sensitive). */
const PROTOTYPES: Record<string, string> = {
  // Cyrillic capitals
  А: 'A',
  В: 'B',
  Е: 'E',
  З: '3',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'l',
  Ї: 'l',
  Ј: 'J',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'h',
  Ӏ: 'l',
  Ү: 'Y',
  Ԁ: 'd',
  // Cyrillic small letters
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ү: 'y',
  ѵ: 'v',
  ь: 'b',
  // Greek capitals
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'l',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  Ϳ: 'J',
  // Greek small letters
  α: 'a',
  γ: 'y',
  ι: 'i',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Latin and digits read as other Latin letters
  I: 'l',
  '1': 'l',
  '|': 'l',
  ǀ: 'l',
  '0': 'O',
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
};

/** Letter pairs drawn like one letter. */
const PAIRS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

/** The TS 39 skeleton of a text (NFD, each character its prototype, NFD again), with the pairs read as one. */
export function skeleton(text: string): string {
  let mapped = '';
  for (const ch of text.normalize('NFD')) mapped += PROTOTYPES[ch] ?? ch;
  let out = mapped.normalize('NFD');
  for (const [pair, one] of PAIRS) out = out.replace(pair, one);
  return out;
}
