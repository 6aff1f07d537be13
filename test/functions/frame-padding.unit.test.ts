import { describe, expect, it } from 'vitest';
import { bucketOf, coverOf, paddedNeed, padTo } from '../../functions/app/frame-padding.js';

const bytes = (text: string) => Buffer.byteLength(text);
const billed = (n: number) => Math.ceil(n / (32 * 1024));

describe('frames padded to size buckets', () => {
  it('given frames of any size, when bucketed, then the bucket holds the frame and its pad field and never costs another billed 32 KB unit', () => {
    for (const size of [1, 200, 1023, 1024, 5000, 8192, 8193, 20_000, 32_768, 32_769, 70_000]) {
      const bucket = bucketOf(paddedNeed(size));
      expect(bucket).toBeGreaterThanOrEqual(paddedNeed(size));
      expect(billed(bucket)).toBe(billed(paddedNeed(size)));
    }
    expect([bucketOf(300), bucketOf(4100), bucketOf(9000), bucketOf(40_000)]).toEqual([
      1024, 5120, 12_288, 65_536,
    ]);
  });

  it('given a Cyrillic chat frame, when padded to its bucket, then it is exactly that many bytes and parses to the same frame with a pad of spaces', () => {
    const frame = {
      type: 'chat',
      version: 7,
      channel: 'mafia',
      from: 0,
      messages: [{ text: 'Шериф — третий' }],
    };
    const text = JSON.stringify(frame);
    const size = bucketOf(paddedNeed(bytes(text)));
    const padded = padTo(text, bytes(text), size);
    expect(bytes(padded)).toBe(size);
    const { pad, ...rest } = JSON.parse(padded);
    expect(rest).toEqual(frame);
    expect(pad).toMatch(/^ *$/);
  });

  it('given a size, when a cover is made, then it is that many bytes and brings nothing but its type and pad', () => {
    const cover = coverOf(2048);
    expect(bytes(cover)).toBe(2048);
    expect(Object.keys(JSON.parse(cover))).toEqual(['type', 'pad']);
    expect(JSON.parse(cover).type).toBe('cover');
  });
});
