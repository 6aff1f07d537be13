import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDeadlineBook } from '../../functions/adapters/aws/dynamo/deadline-book.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import type { DeadlineBook } from '../../functions/ports/deadline-book.js';
import type { Opened } from '../support/store-contract.js';
import { onDynamoDbLocal } from '../support/store-subjects.js';

type Closable = DeadlineBook & { close(): Promise<void> };
const closable = (book: DeadlineBook): Closable => Object.assign(book, { close: async () => {} });

const MINUTE = 60_000;
const base = Date.UTC(2026, 11, 1, 21, 0, 0);
let unique = 0;
const game = () => `book-game-${++unique}`;

function deadlineBookContract(name: string, open: () => Promise<Opened<Closable>>): void {
  describe(`DeadlineBook contract — ${name}`, () => {
    let opened: Opened<Closable>;
    let book: Closable;
    beforeAll(async () => {
      opened = await open();
      book = opened.subject;
    });
    afterAll(() => opened.dispose());

    it('given armed deadlines, when asked for the overdue ones, then those due before the time within the lookback come, oldest first', async () => {
      const [a, b, c] = [game(), game(), game()];
      await book.arm({ gameId: a, deadlineId: 'd1.vote.1', at: base + 5 * MINUTE + 1_000 });
      await book.arm({ gameId: b, deadlineId: 'n1.actions.2', at: base + 2 * MINUTE + 30_000 });
      await book.arm({ gameId: c, deadlineId: 'd2.vote.3', at: base + 9 * MINUTE });
      const due = await book.overdue(base + 6 * MINUTE, 10 * MINUTE);
      expect(due.filter((j) => [a, b, c].includes(j.gameId))).toEqual([
        { gameId: b, deadlineId: 'n1.actions.2', at: base + 2 * MINUTE + 30_000 },
        { gameId: a, deadlineId: 'd1.vote.1', at: base + 5 * MINUTE + 1_000 },
      ]);
      // Older than the lookback: left to the alarms.
      expect((await book.overdue(base + 6 * MINUTE, 2 * MINUTE)).map((j) => j.gameId)).not.toContain(b);
    });

    it('given a deadline armed twice and then cleared, when asked, then it came once and then not at all', async () => {
      const g = game();
      const job = { gameId: g, deadlineId: 'd3.discussion.1', at: base + 20 * MINUTE };
      await book.arm(job);
      await book.arm(job);
      const overdue = async () =>
        (await book.overdue(base + 21 * MINUTE, 5 * MINUTE)).filter((j) => j.gameId === g);
      expect(await overdue()).toEqual([job]);
      await book.clear(job);
      await book.clear(job);
      expect(await overdue()).toEqual([]);
    });

    it('given two deadlines of one game, when one is cleared, then the other stays', async () => {
      const g = game();
      const first = { gameId: g, deadlineId: 'd4.vote.1', at: base + 30 * MINUTE };
      const extended = { gameId: g, deadlineId: 'd4.vote.1+2', at: base + 31 * MINUTE };
      await book.arm(first);
      await book.arm(extended);
      await book.clear(first);
      expect((await book.overdue(base + 32 * MINUTE, 5 * MINUTE)).filter((j) => j.gameId === g)).toEqual([
        extended,
      ]);
    });
  });
}

deadlineBookContract('in-memory twin', async () => {
  const subject = closable(new MemoryDeadlineBook());
  return { subject, dispose: () => subject.close() };
});

deadlineBookContract('DynamoDB Local (real SDK client)', () =>
  onDynamoDbLocal(({ client, tableName }) => closable(new DynamoDeadlineBook({ client, tableName }))),
);
