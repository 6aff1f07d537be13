import { describe, expect, it } from 'vitest';
import { acceptView } from '../../web/src/logic/frames.js';

describe('the stale-frame rule', () => {
  it('takes the first view of a game', () => {
    expect(acceptView(null, 'g1', 0)).toBe(true);
  });

  it('ignores a view older than the one held (at-least-once, out-of-order fan-out)', () => {
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 11)).toBe(false);
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 0)).toBe(false);
  });

  it('takes the same version again (a resume or sync) and any newer one', () => {
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 12)).toBe(true);
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 13)).toBe(true);
  });

  it('does not compare versions across games', () => {
    expect(acceptView({ gameId: 'g1', version: 40 }, 'g2', 3)).toBe(true);
  });
});
