import { describe, expect, it } from 'vitest';
import { contrast, cssVars, DAY, NIGHT } from '../../web/src/styles/palette.js';

/** Text on its backgrounds, in both themes: WCAG AA asks 4.5:1 for body text. */
const PAIRS: Array<[keyof typeof DAY, keyof typeof DAY]> = [
  ['fg', 'bg'],
  ['fg', 'surface'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['onAccent', 'accent'],
  ['danger', 'surface'],
  ['danger', 'bg'],
  ['ok', 'surface'],
  ['warnFg', 'warnBg'],
  ['accent', 'surface'],
];

describe('the themes', () => {
  for (const [name, p] of Object.entries({ day: DAY, night: NIGHT })) {
    it(`keeps text readable in the ${name} theme`, () => {
      for (const [fg, bg] of PAIRS)
        expect(contrast(p[fg], p[bg]), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      // Focus rings and control borders need 3:1 against what is around them (WCAG 1.4.11).
      expect(contrast(p.focus, p.bg)).toBeGreaterThanOrEqual(3);
    });
  }

  it('writes the palette as custom properties', () => {
    expect(cssVars(DAY)).toContain('--on-accent:#ffffff');
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
