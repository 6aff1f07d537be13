import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialChunks } from '../../web/tools/bundle-size.js';
import { iconPng } from '../../web/tools/icon.js';

describe('the icons drawn at build time', () => {
  it('are real PNGs of the asked size, opaque when maskable', () => {
    for (const [size, purpose] of [
      [192, 'any'],
      [512, 'maskable'],
    ] as const) {
      const png = iconPng(size, purpose);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.toString('ascii', 12, 16)).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      const idat = png.indexOf('IDAT');
      const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
      expect(raw.length).toBe((size * 4 + 1) * size);
      // The corner pixel: transparent (rounded) for "any", full-bleed for "maskable".
      expect(raw[1 + 3]).toBe(purpose === 'any' ? 0 : 255);
    }
  });
});

describe('the bundle budget', () => {
  it('counts the entry and what it imports statically, not the languages loaded on demand', () => {
    const meta = {
      inputs: {},
      outputs: {
        'dist/app.js': {
          imports: [
            { path: 'dist/chunks/a.js', kind: 'import-statement' },
            { path: 'dist/chunks/es.js', kind: 'dynamic-import' },
          ],
        },
        'dist/chunks/a.js': { imports: [{ path: 'dist/chunks/b.js', kind: 'import-statement' }] },
        'dist/chunks/b.js': { imports: [] },
        'dist/chunks/es.js': { imports: [] },
      },
    } as unknown as Parameters<typeof initialChunks>[0];
    expect(initialChunks(meta, 'dist/app.js').sort()).toEqual([
      'dist/app.js',
      'dist/chunks/a.js',
      'dist/chunks/b.js',
    ]);
  });
});
