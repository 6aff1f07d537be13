import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogTournamentBook } from '../../functions/adapters/local/log/tournament-book.js';
import { AppHarness, frameOf } from '../support/app-harness.js';
import { mafia } from '../support/mafia-cli.js';
import { tempDataDir } from '../support/store-subjects.js';

const data = tempDataDir();
let dataDirBefore: string | undefined;
let id = '';
let swapped: unknown;

beforeAll(async () => {
  dataDirBefore = process.env.DATA_DIR;
  process.env.DATA_DIR = data.dir;
  // A tournament made and changed through the service, kept by the book the local server writes.
  const h = new AppHarness();
  const created = frameOf(
    await h.send('organizer', {
      action: 'tournamentCreate',
      name: 'Winter Cup',
      players: Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`),
      rounds: 3,
      tables: 1,
    }),
    'tournamentCreated',
  );
  id = created.tournamentId;
  const view = frameOf(
    await h.send('organizer', {
      action: 'tournamentSwap',
      tournamentId: id,
      token: created.organizerToken,
      round: 2,
      a: 'player 1',
      b: 'player 2',
    }),
    'tournament',
  ).tournament;
  swapped = view.seating[1][0].players;
  const book = await LogTournamentBook.open({ dir: data.dir });
  for (let rev = 1; rev <= 2; rev++) {
    const kept = await h.tournaments.get(id);
    if (kept !== null) await book.keep({ ...kept, rev });
  }
  await book.close();
});

afterAll(() => {
  if (dataDirBefore === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDirBefore;
  data.remove();
});

describe('mafia tournament file', () => {
  it('given a tournament the local server keeps, when its file is asked for, then it is the organizer’s file with his swaps, which the other commands read', async () => {
    const r = await mafia('tournament', 'file', id);
    expect(r.status, r.stderr).toBe(0);
    const file = JSON.parse(r.stdout);
    expect(file.name).toBe('Winter Cup');
    expect(file.swaps).toEqual([{ round: 2, a: 'player 1', b: 'player 2' }]);
    const { writeFileSync } = await import('node:fs');
    const path = `${data.dir}/winter.json`;
    writeFileSync(path, r.stdout);
    const seating = await mafia('tournament', 'seating', path);
    expect(seating.status, seating.stderr).toBe(0);
    const printed = JSON.parse(seating.stdout) as {
      rounds: Array<{ tables: Array<{ seats: Array<{ id: string }> }> }>;
    };
    expect(printed.rounds[1].tables[0].seats.map((s) => s.id)).toEqual(swapped);
  });

  it('given an id the server does not keep, or logs read from files, then it says so and fails', async () => {
    const unknown = await mafia('tournament', 'file', 'no-such-cup');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no tournament no-such-cup');
    const files = await mafia('tournament', 'file', id, '--logs', data.dir);
    expect(files.status).toBe(2);
  });
});
