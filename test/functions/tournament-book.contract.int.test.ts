import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoTournamentBook } from '../../functions/adapters/aws/dynamo/tournament-book.js';
import { LogTournamentBook } from '../../functions/adapters/local/log/tournament-book.js';
import { MemoryTournamentBook } from '../../functions/adapters/memory/tournament-book.js';
import type { KeptTournament, TournamentBook } from '../../functions/ports/tournament-book.js';
import type { Opened } from '../support/store-contract.js';
import { onDynalite, onDynamoDbLocal, tempDataDir } from '../support/store-subjects.js';

let unique = 0;
const kept = (rev = 1, id = `cup-${++unique}`): KeptTournament => ({
  id,
  rev,
  tournament: {
    name: 'Autumn Cup',
    players: Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` })),
    rounds: 2,
    tables: 1,
    seed: 7,
    swaps: [],
    games: [],
    ratingsBefore: {},
  },
  seating: [
    { round: 1, tables: [Array.from({ length: 10 }, (_, i) => `p${i + 1}`)] },
    { round: 2, tables: [Array.from({ length: 10 }, (_, i) => `p${10 - i}`)] },
  ],
  settings: { preset: 'sport' },
  organizerHash: 'organizer-hash',
  judgesHash: 'judges-hash',
  codes: {},
  createdAt: Date.UTC(2026, 11, 2, 18, 0),
});

function tournamentBookContract(name: string, open: () => Promise<Opened<TournamentBook>>): void {
  describe(`TournamentBook contract — ${name}`, () => {
    let opened: Opened<TournamentBook>;
    let book: TournamentBook;
    beforeAll(async () => {
      opened = await open();
      book = opened.subject;
    });
    afterAll(() => opened.dispose());

    it('given a new tournament, when it is kept, then it reads back as it was written, and an unknown id reads as null', async () => {
      const t = kept();
      expect(await book.keep(t)).toBe('kept');
      expect(await book.get(t.id)).toEqual(t);
      expect(await book.get('no-such-cup')).toBeNull();
    });

    it('given a kept tournament, when a second one claims its id at rev 1, then it is a conflict and the first stays', async () => {
      const t = kept();
      await book.keep(t);
      expect(await book.keep({ ...t, organizerHash: 'someone-else' })).toBe('conflict');
      expect((await book.get(t.id))?.organizerHash).toBe('organizer-hash');
    });

    it('given rev 2 kept, when two changes are made from the same reading, then only one lands and a skipped revision is refused', async () => {
      const t = kept();
      await book.keep(t);
      const swapped = {
        ...t,
        rev: 2,
        tournament: { ...t.tournament, swaps: [{ round: 2, a: 'p1', b: 'p2' }] },
      };
      const opened = { ...t, rev: 2, codes: { g1: 'ABCDE' } };
      const results = await Promise.all([book.keep(swapped), book.keep(opened)]);
      expect(results.sort()).toEqual(['conflict', 'kept']);
      const now = await book.get(t.id);
      expect(now?.rev).toBe(2);
      expect([swapped, opened]).toContainEqual(now);
      expect(await book.keep({ ...t, rev: 4 })).toBe('conflict');
      expect((await book.get(t.id))?.rev).toBe(2);
    });

    it('given a reading changed by its reader after it was kept, then the book still holds what was kept', async () => {
      const t = kept();
      await book.keep(t);
      const read = await book.get(t.id);
      read?.tournament.swaps.push({ round: 1, a: 'p3', b: 'p4' });
      expect((await book.get(t.id))?.tournament.swaps).toEqual([]);
    });
  });
}

tournamentBookContract('memory twin', async () => {
  const subject = new MemoryTournamentBook();
  return { subject, dispose: () => subject.close() };
});

tournamentBookContract('embedded log', async () => {
  const data = tempDataDir();
  const subject = await LogTournamentBook.open({ dir: data.dir });
  return {
    subject,
    dispose: async () => {
      await subject.close();
      data.remove();
    },
  };
});

tournamentBookContract('dynamo on dynalite', () => onDynalite((table) => new DynamoTournamentBook(table)));

tournamentBookContract('dynamo on DynamoDB Local', () =>
  onDynamoDbLocal((table) => new DynamoTournamentBook(table)),
);

describe('the embedded tournament book across a restart', () => {
  it('given revisions 1 and 2 of a tournament written, when the book is opened again, then revision 2 is kept and rev 3 follows it', async () => {
    const data = tempDataDir();
    try {
      const first = await LogTournamentBook.open({ dir: data.dir });
      const t = kept();
      await first.keep(t);
      await first.keep({ ...t, rev: 2, codes: { g1: 'ABCDE' } });
      await first.close();
      const again = await LogTournamentBook.open({ dir: data.dir });
      expect(await again.get(t.id)).toEqual({ ...t, rev: 2, codes: { g1: 'ABCDE' } });
      expect(await again.keep({ ...t, rev: 2 })).toBe('conflict');
      expect(await again.keep({ ...t, rev: 3 })).toBe('kept');
      await again.close();
    } finally {
      data.remove();
    }
  });
});
