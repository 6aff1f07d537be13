/** How much of a quoted message a reply carries: the reply and its quote fit the 500 characters of `say`. */
export const QUOTE_CHARS = 80;

/**
 * A reply quotes its message as its first line, `> Player 3 (Ann): the words…` — plain text, so every
 * client and the game's log read it as written.
 */
export function quoted(author: string, text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const excerpt = flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat;
  return `> ${author}: ${excerpt}`;
}

/** A message's quote (its first line when it starts with "> ") and its own text. */
export function splitQuote(message: string): { quote: string | null; text: string } {
  if (!message.startsWith('> ')) return { quote: null, text: message };
  const end = message.indexOf('\n');
  if (end < 0) return { quote: message.slice(2), text: '' };
  return { quote: message.slice(2, end), text: message.slice(end + 1) };
}
