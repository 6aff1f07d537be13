import { describe, expect, it } from 'vitest';
import { evolve } from '../../shared/engine/evolve.js';
import type { LogReceipt } from '../../shared/log/events.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame } from '../support/game.js';

const RECEIPT: LogReceipt = {
  gameId: 'g-receipt',
  version: 12,
  hash: 'a'.repeat(64),
  keyId: 'K'.repeat(43),
  signature: 's'.repeat(86),
};

describe("the receipt in each viewer's view", () => {
  it('given a game played to its end and sealed, then every seat and the host see the receipt, and a spectator does not', () => {
    const t = givenGame({ preset: 'online' }, 4, { 4: 'mafia' });
    for (const seat of [1, 2]) does(t, 'host', { type: 'disqualify', seat, reason: 'threats' });
    expect(t.state.phase.kind).toBe('over');
    for (const seat of [1, 2, 3, 4]) expect(viewFor(t.state, { kind: 'seat', seat }).receipt).toBeNull();

    const sealed = evolve(t.state, { type: 'logSealed', receipt: RECEIPT });

    for (const seat of [1, 2, 3, 4]) expect(viewFor(sealed, { kind: 'seat', seat }).receipt).toEqual(RECEIPT);
    expect(viewFor(sealed, { kind: 'host' }).receipt).toEqual(RECEIPT);
    expect(viewFor(sealed, { kind: 'spectator' }).receipt).toBeNull();
  });
});
