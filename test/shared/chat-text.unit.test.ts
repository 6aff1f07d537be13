import { describe, expect, it } from 'vitest';
import { cleanText, MAX_CHAT_CHARS, parseCommand } from '../../shared/index.js';

const say = (text: string) => parseCommand({ type: 'say', channel: 'table', text });
const textOf = (parsed: ReturnType<typeof say>) =>
  parsed.ok ? (parsed.command as { text: string }).text : null;

describe('chat is what the table can read', () => {
  it('given a message with a right-to-left override, when parsed, then the override is gone and the words read in the order typed', () => {
    expect(textOf(say('I vote \u202Eevil\u202C 3'))).toBe('I vote evil 3');
    expect(textOf(say('\u2066seat 4\u2069 lies'))).toBe('seat 4 lies');
  });

  it('given zero-width characters and a BOM inside words, when parsed, then they are removed', () => {
    expect(textOf(say('ma\u200Bfia\u200D is \uFEFFseat 2'))).toBe('mafia is seat 2');
  });

  it('given control characters, tabs and line breaks, when parsed, then controls go and whitespace runs become one space', () => {
    expect(textOf(say('  hello\u0007\u0000 \t\r\n  town\u2028!  '))).toBe('hello town!');
  });

  it('given a message of nothing visible, when parsed, then it is refused as bad_command and nothing is said', () => {
    for (const text of ['\u200B\u200C\u200D', '\u202E\u202C', ' \t\n', '\u0000\u0001']) {
      const parsed = say(text);
      expect(parsed.ok, JSON.stringify(text)).toBe(false);
    }
  });

  it(`given a message longer than ${MAX_CHAT_CHARS} characters once cleaned, when parsed, then it is refused; padding that cleaning removes does not count`, () => {
    expect(say('a'.repeat(MAX_CHAT_CHARS + 1)).ok).toBe(false);
    expect(textOf(say(`${'a'.repeat(MAX_CHAT_CHARS)}${'\u200B'.repeat(100)}`))).toHaveLength(MAX_CHAT_CHARS);
  });

  it('given composed and decomposed accents, when cleaned, then both read the same', () => {
    expect(cleanText('Jose\u0301')).toBe(cleanText('José'));
  });
});
