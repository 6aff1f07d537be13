/*
 * Free text players type for each other (chat), as the table reads it. What nobody can see is removed:
 * bidi overrides and isolates (which reorder the rest of a line, so a message can pass for another or a
 * name can appear to say something it does not), zero-width spaces and joiners, the BOM, and control
 * characters. Runs of whitespace become one space. A message of nothing but those is empty, and refused.
 */

/** Format characters (bidi controls, zero-width ones, BOM) and the Unicode line and paragraph separators. */
const INVISIBLE = /[\p{Cf}\u2028\u2029]/gu;
/** Control characters other than whitespace, which the whitespace rule turns into spaces first. */
const CONTROL = /\p{Cc}/gu;

/** The text as shown to the table. */
export function cleanText(raw: string): string {
  return raw.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').replace(CONTROL, '').trim();
}

/** Longest chat message, counted after cleaning. */
export const MAX_CHAT_CHARS = 500;
