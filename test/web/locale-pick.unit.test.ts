import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../web/src/logic/locale-pick.js';

describe('choosing the language', () => {
  it('follows the device: the first language we speak', () => {
    expect(pickLocale(null, ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(pickLocale(null, ['ru'])).toBe('ru');
    expect(pickLocale(null, ['es-419'])).toBe('es');
    expect(pickLocale(null, ['ro_RO'])).toBe('ro');
  });

  it('reads Moldovan as Romanian and falls back to English', () => {
    expect(pickLocale(null, ['mo'])).toBe('ro');
    expect(pickLocale(null, ['ja', 'zh-CN'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
  });

  it('keeps the player’s own choice over the device', () => {
    expect(pickLocale('ru', ['fr-FR'])).toBe('ru');
    expect(pickLocale('klingon', ['fr-FR'])).toBe('fr');
  });
});
