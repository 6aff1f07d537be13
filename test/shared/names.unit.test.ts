import { describe, expect, it } from 'vitest';
import { cleanName, isReservedName, nameKey } from '../../shared/domain/names.js';

describe('player names', () => {
  it('given a name typed with extra spaces, tabs and a newline, then the table shows it trimmed with single spaces', () => {
    expect(cleanName('  Ann \t  Marie\n ')).toBe('Ann Marie');
  });

  it('given a name with control characters, bidi overrides and zero-width characters, then none of them is kept', () => {
    expect(cleanName('A\u0000n\u0007n')).toBe('Ann');
    expect(cleanName('\u202EnnA\u202C')).toBe('nnA');
    expect(cleanName('A\u200Bn\u200Dn\uFEFF')).toBe('Ann');
    expect(cleanName('\u2066Ann\u2069')).toBe('Ann');
  });

  it('given nothing visible, then nothing is left', () => {
    expect(cleanName(' \u200B\u202E\t')).toBe('');
  });

  it('given two spellings a player cannot tell apart, then they compare equal', () => {
    expect(nameKey('ANN')).toBe(nameKey('ann'));
    expect(nameKey('Ann')).toBe(nameKey('A\u200Bnn'));
    // Cyrillic А and Latin A look the same on a phone.
    expect(nameKey('\u0410nn')).toBe(nameKey('Ann'));
    // Full-width letters fold to their plain forms.
    expect(nameKey('Ａｎｎ')).toBe(nameKey('Ann'));
    expect(nameKey('Ann  Marie')).toBe(nameKey('ann marie'));
  });

  it('given different names, then they stay different', () => {
    expect(nameKey('Ann')).not.toBe(nameKey('Anna'));
    expect(nameKey('Сергей')).not.toBe(nameKey('Светлана'));
  });

  it('given the words the app uses for the host and others, in any of its languages, then they are reserved', () => {
    for (const word of ['Host', ' host ', 'HOST', 'Ведущий', 'Hôte', 'Judge', 'Spectator']) {
      expect(isReservedName(word), word).toBe(true);
    }
    expect(isReservedName('Hostess')).toBe(false);
  });
});
