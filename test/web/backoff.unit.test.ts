import { describe, expect, it } from 'vitest';
import { RECONNECT_BACKOFF, reconnectDelay } from '../../web/src/logic/backoff.js';

describe('reconnect backoff', () => {
  it('doubles from the base and stops at the ceiling', () => {
    const top = (attempt: number) => reconnectDelay(attempt, 1);
    expect([0, 1, 2, 3, 4].map(top)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(top(5)).toBe(15_000);
    expect(top(40)).toBe(15_000);
  });

  it('spreads phones over the lower half of each delay, so a room does not reconnect in one burst', () => {
    expect(reconnectDelay(2, 0)).toBe(1000);
    expect(reconnectDelay(2, 0.5)).toBe(1500);
    for (let i = 0; i < 100; i++) {
      const d = reconnectDelay(3, Math.random());
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });

  it('treats a negative attempt as the first', () => {
    expect(reconnectDelay(-3, 1)).toBe(RECONNECT_BACKOFF.base);
  });
});
