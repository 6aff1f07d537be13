import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoGameHeads } from '../../functions/adapters/aws/dynamo/game-heads.js';
import { MemoryGameHeads } from '../../functions/adapters/memory/game-heads.js';
import type { GameHeads } from '../../functions/ports/game-heads.js';
import type { Opened } from '../support/store-contract.js';
import { onDynamoDbLocal } from '../support/store-subjects.js';

type Closable = GameHeads & { close(): Promise<void> };
const closable = (heads: GameHeads): Closable => Object.assign(heads, { close: async () => {} });

const MINUTE = 60_000;
const base = Date.UTC(2026, 11, 1, 22, 0, 0);
let unique = 0;
const game = () => `head-game-${++unique}`;

function gameHeadsContract(name: string, open: () => Promise<Opened<Closable>>): void {
  describe(`GameHeads contract — ${name}`, () => {
    let opened: Opened<Closable>;
    let heads: Closable;
    beforeAll(async () => {
      opened = await open();
      heads = opened.subject;
    });
    afterAll(() => opened.dispose());
    const mine = async (games: string[], before: number) =>
      (await heads.waitingSince(before)).filter((h) => games.includes(h.gameId));

    it('given games waiting for deadlines, when asked which wait since a time, then those due before it come, longest waiting first', async () => {
      const [a, b, c] = [game(), game(), game()];
      await heads.note(a, 7, { deadlineId: 'd1.vote.1', at: base + 5 * MINUTE });
      await heads.note(b, 3, { deadlineId: 'n1.actions.1', at: base + 2 * MINUTE });
      await heads.note(c, 9, { deadlineId: 'd2.vote.1', at: base + 9 * MINUTE });
      expect(await mine([a, b, c], base + 6 * MINUTE)).toEqual([
        { gameId: b, deadlineId: 'n1.actions.1', at: base + 2 * MINUTE, seq: 3 },
        { gameId: a, deadlineId: 'd1.vote.1', at: base + 5 * MINUTE, seq: 7 },
      ]);
    });

    it('given a game that moved on to a later deadline, then only the later one counts, and waiting for nothing takes it out', async () => {
      const g = game();
      await heads.note(g, 4, { deadlineId: 'd1.discussion.1', at: base + MINUTE });
      await heads.note(g, 6, { deadlineId: 'd1.vote.1', at: base + 30 * MINUTE });
      expect(await mine([g], base + 10 * MINUTE)).toEqual([]);
      expect(await mine([g], base + 31 * MINUTE)).toEqual([
        { gameId: g, deadlineId: 'd1.vote.1', at: base + 30 * MINUTE, seq: 6 },
      ]);
      await heads.note(g, 8, null);
      expect(await mine([g], Number.MAX_SAFE_INTEGER)).toEqual([]);
    });

    it('given notes arriving out of order, when an older one lands last, then the newest stays', async () => {
      const g = game();
      await heads.note(g, 12, null);
      await heads.note(g, 11, { deadlineId: 'd3.vote.1', at: base });
      expect(await mine([g], Number.MAX_SAFE_INTEGER)).toEqual([]);
      await heads.note(g, 13, { deadlineId: 'd3.lastWord.1', at: base + MINUTE });
      await heads.note(g, 13, { deadlineId: 'stale', at: base });
      expect(await mine([g], Number.MAX_SAFE_INTEGER)).toEqual([
        { gameId: g, deadlineId: 'd3.lastWord.1', at: base + MINUTE, seq: 13 },
      ]);
    });
  });
}

gameHeadsContract('in-memory twin', async () => {
  const subject = closable(new MemoryGameHeads());
  return { subject, dispose: () => subject.close() };
});

gameHeadsContract('DynamoDB Local (real SDK client)', () =>
  onDynamoDbLocal(({ client, tableName }) => closable(new DynamoGameHeads({ client, tableName }))),
);
