import { describe, expect, it } from 'vitest';
import { phaseNotice, readPhasePush } from '../../web/src/logic/push-text.js';
import { QUOTE_CHARS, quoted, splitQuote } from '../../web/src/logic/quote.js';

describe('the forum thread’s quotes', () => {
  it('given a message, when it is quoted, then the reply starts with one line naming its author, cut to fit', () => {
    const long = 'word '.repeat(40);
    const quote = quoted('Player 3 (Ann)', `first line\nsecond ${long}`);
    expect(quote.startsWith('> Player 3 (Ann): first line second word')).toBe(true);
    expect(quote).not.toContain('\n');
    expect(quote.length).toBeLessThanOrEqual('> Player 3 (Ann): '.length + QUOTE_CHARS);
    expect(splitQuote(`${quote}\nI disagree`)).toEqual({ quote: quote.slice(2), text: 'I disagree' });
  });

  it('given a message without a quote, when it is read, then it is all its own text', () => {
    expect(splitQuote('no > quote here')).toEqual({ quote: null, text: 'no > quote here' });
  });
});

describe('the push notification’s words', () => {
  it('given a phase push, when shown, then it names the phase in the first language the app speaks', () => {
    const push = readPhasePush({ type: 'phase', gameId: 'g1', phase: { kind: 'night', round: 2 } });
    expect(push).not.toBeNull();
    if (!push) return;
    expect(phaseNotice(push, ['de-DE', 'ru-RU', 'en'])).toEqual({
      title: 'Спящий город',
      body: 'Наступила ночь 2',
    });
    expect(phaseNotice(push, ['de'])).toEqual({ title: 'Sleeping City', body: 'Night 2 has fallen' });
  });

  it('given anything else pushed, when read, then it is ignored', () => {
    expect(readPhasePush({ type: 'other' })).toBeNull();
    expect(readPhasePush(null)).toBeNull();
    expect(readPhasePush({ type: 'phase', gameId: 7, phase: { kind: 'day', round: 1 } })).toBeNull();
  });
});
