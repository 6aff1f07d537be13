import { appendFileSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CorruptLogError } from '../../functions/adapters/local/log/corrupt-log-error.js';
import { COMMITS_FILE, LogEventStore } from '../../functions/adapters/local/log/event-store.js';
import { HEADER_BYTES } from '../../functions/adapters/local/log/framing.js';
import { makeChain, makeCommit, uniqueId } from '../support/store-contract.js';
import { tempDataDir } from '../support/store-subjects.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A data directory removed after the test, and a store on it closed after the test. */
function dataDir(): string {
  const data = tempDataDir();
  cleanups.push(data.remove);
  return data.dir;
}

async function open(dir: string, datasync?: (fd: number) => Promise<void>): Promise<LogEventStore> {
  const store = await LogEventStore.open({ dir, datasync });
  cleanups.push(() => store.close());
  return store;
}

/** Writes `count` commits of one game, recording the file size after each: the record boundaries. */
async function writeGame(dir: string, count: number) {
  const store = await open(dir);
  const chain = makeChain(uniqueId('game'), count);
  const ends: number[] = [];
  for (const commit of chain) {
    expect(await store.append(commit)).toEqual({ ok: true });
    ends.push(statSync(join(dir, COMMITS_FILE)).size);
  }
  await store.close();
  return { chain, ends, file: join(dir, COMMITS_FILE) };
}

/** A datasync that waits until the test lets it finish, counting calls. */
function heldSync() {
  const releases: Array<() => void> = [];
  return {
    calls: () => releases.length,
    datasync: () => new Promise<void>((resolve) => releases.push(resolve)),
    release: async (call: number) => {
      while (releases.length <= call) await new Promise((resolve) => setImmediate(resolve));
      releases[call]();
    },
  };
}

describe('embedded log store: durability across restarts', () => {
  it('given commits of several games, when the store is closed and reopened, then all read back and seqs continue', async () => {
    const dir = dataDir();
    const games = [makeChain(uniqueId('a'), 3), makeChain(uniqueId('b'), 2)];
    const first = await open(dir);
    for (const chain of games) for (const commit of chain) await first.append(commit);
    await first.close();

    const reopened = await open(dir);
    expect(await reopened.read(games[0][0].gameId)).toEqual(games[0]);
    expect(await reopened.read(games[1][0].gameId, 1)).toEqual(games[1].slice(1));
    expect((await reopened.listGames()).sort()).toEqual(games.map((chain) => chain[0].gameId).sort());
    const next = makeCommit(games[1][0].gameId, 3, games[1][1].hash);
    expect(await reopened.append(makeCommit(games[1][0].gameId, 2, games[1][0].hash))).toEqual({
      ok: false,
      reason: 'conflict',
    });
    expect(await reopened.append(next)).toEqual({ ok: true });
  });

  it('given an open store, when a second store opens the same directory, then it is refused until the first closes', async () => {
    const dir = dataDir();
    const first = await open(dir);
    await expect(LogEventStore.open({ dir })).rejects.toThrow(/in use by process/);
    await first.close();
    await expect(open(dir)).resolves.toBeInstanceOf(LogEventStore);
  });
});

describe('embedded log store: recovery of a torn last write', () => {
  it('given the file cut in the middle of the last record, when reopened, then the complete commits remain and writing goes on', async () => {
    const dir = dataDir();
    const { chain, ends, file } = await writeGame(dir, 5);
    truncateSync(file, ends[3] + Math.floor((ends[4] - ends[3]) / 2));

    const store = await open(dir);
    expect(await store.read(chain[0].gameId)).toEqual(chain.slice(0, 4));
    expect(store.stats().recoveredTornBytes).toBeGreaterThan(0);
    expect(statSync(file).size).toBe(ends[3]);
    expect(await store.append(chain[4])).toEqual({ ok: true });
    await store.close();

    expect(await (await open(dir)).read(chain[0].gameId)).toEqual(chain);
  });

  it('given only part of the last header on disk, when reopened, then it is cut away', async () => {
    const dir = dataDir();
    const { chain, ends, file } = await writeGame(dir, 3);
    truncateSync(file, ends[1] + HEADER_BYTES - 5);
    const store = await open(dir);
    expect(await store.read(chain[0].gameId)).toEqual(chain.slice(0, 2));
  });

  it('given garbage after the last record, when reopened, then all commits are intact and the garbage is gone', async () => {
    const dir = dataDir();
    const { chain, ends, file } = await writeGame(dir, 5);
    appendFileSync(file, Buffer.from('{"gameId":"half a rec', 'utf8'));
    appendFileSync(file, Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7919) % 256)));
    const store = await open(dir);
    expect(await store.read(chain[0].gameId)).toEqual(chain);
    expect(statSync(file).size).toBe(ends[4]);
  });

  it('given zeroes after the last record (space allocated, data never written), when reopened, then they are cut away', async () => {
    const dir = dataDir();
    const { chain, ends, file } = await writeGame(dir, 2);
    appendFileSync(file, Buffer.alloc(8192));
    const store = await open(dir);
    expect(await store.read(chain[0].gameId)).toEqual(chain);
    expect(statSync(file).size).toBe(ends[1]);
  });
});

describe('embedded log store: a whole last record that fails its checksum', () => {
  it('given a flipped byte in the last record, written whole, when opened, then it fails as damage to what may have been acknowledged and cuts nothing', async () => {
    const dir = dataDir();
    const { ends, file } = await writeGame(dir, 3);
    const bytes = readFileSync(file);
    bytes[ends[1] + HEADER_BYTES + 10] ^= 0x01;
    writeFileSync(file, bytes);

    const failure = await LogEventStore.open({ dir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CorruptLogError);
    expect((failure as CorruptLogError).offset).toBe(ends[1]);
    expect((failure as CorruptLogError).message).toMatch(
      /the last record, which is whole on disk .* may have been acknowledged/,
    );
    expect(statSync(file).size).toBe(ends[2]);
  });

  it('given the last record with a page that was never written (zeroes), when opened, then it is a torn write and is cut', async () => {
    const dir = dataDir();
    const { chain, ends, file } = await writeGame(dir, 2);
    const store = await open(dir);
    const big = {
      ...makeCommit(chain[0].gameId, 3, chain[1].hash),
      events: [{ type: 'note', text: 'x'.repeat(12_000) }],
    };
    expect(await store.append(big)).toEqual({ ok: true });
    await store.close();
    const bytes = readFileSync(file);
    // A crash before the sync: the file grew, but the record's last page never reached the disk.
    const lastPage = Math.floor((bytes.length - 1) / 4096) * 4096;
    expect(lastPage).toBeGreaterThan(ends[1]);
    bytes.fill(0, lastPage);
    writeFileSync(file, bytes);
    const reopened = await open(dir);
    expect(await reopened.read(chain[0].gameId)).toEqual(chain);
    expect(statSync(file).size).toBe(ends[1]);
  });
});

describe('embedded log store: damage before the end is an error', () => {
  it('given a flipped byte inside an earlier record, when opened, then it fails naming the offset and leaves the file alone', async () => {
    const dir = dataDir();
    const { ends, file } = await writeGame(dir, 4);
    const bytes = readFileSync(file);
    bytes[ends[0] + HEADER_BYTES + 10] ^= 0x01;
    writeFileSync(file, bytes);

    const failure = await LogEventStore.open({ dir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CorruptLogError);
    expect((failure as CorruptLogError).offset).toBe(ends[0]);
    expect((failure as CorruptLogError).message).toMatch(/checksum mismatch; a valid record follows/);
    expect(statSync(file).size).toBe(ends[3]);
  });

  it('given a damaged length field inside an earlier record, when opened, then it fails instead of cutting the rest', async () => {
    const dir = dataDir();
    const { ends, file } = await writeGame(dir, 4);
    const bytes = readFileSync(file);
    bytes.writeUInt32LE(ends[3] * 2, ends[1] + 8);
    writeFileSync(file, bytes);
    await expect(LogEventStore.open({ dir })).rejects.toThrow(CorruptLogError);
    expect(statSync(file).size).toBe(ends[3]);
  });

  it('given a well-framed record that repeats an earlier seq, when opened, then it fails instead of indexing it', async () => {
    const dir = dataDir();
    const { ends, file } = await writeGame(dir, 2);
    appendFileSync(file, readFileSync(file).subarray(0, ends[0]));
    await expect(LogEventStore.open({ dir })).rejects.toThrow(/has seq 1 after 2/);
  });

  it('given a record changed on disk while the store is open, when it is read, then the read fails', async () => {
    const dir = dataDir();
    const { chain, ends, file } = await writeGame(dir, 2);
    const store = await open(dir);
    const bytes = readFileSync(file);
    bytes[ends[0] + HEADER_BYTES + 3] ^= 0x20;
    writeFileSync(file, bytes);
    await expect(store.read(chain[0].gameId)).rejects.toThrow(/changed since it was written/);
  });
});

describe('embedded log store: group commit', () => {
  it('given 1000 appends to 50 games issued at once, when they complete, then they took far fewer syncs than appends', async () => {
    const store = await open(dataDir());
    const chains = Array.from({ length: 50 }, () => makeChain(uniqueId('g'), 20));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => i).flatMap((i) => chains.map((chain) => store.append(chain[i]))),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const stats = store.stats();
    expect(stats.appends).toBe(1000);
    expect(stats.syncs).toBeLessThanOrEqual(2);
    for (const chain of chains.slice(0, 5)) expect(await store.read(chain[0].gameId)).toEqual(chain);
  });

  it('given a sync in flight, when more appends arrive, then none resolves before its own sync and they share the next one', async () => {
    const sync = heldSync();
    const store = await open(dataDir(), sync.datasync);
    const chain = makeChain(uniqueId('held'), 4);
    const settled: number[] = [];
    const track = (seq: number) =>
      (store.append(chain[seq - 1]) as Promise<unknown>).then(() => settled.push(seq));

    const first = track(1);
    while (sync.calls() === 0) await new Promise((resolve) => setImmediate(resolve));
    const rest = [track(2), track(3), track(4)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sync.calls()).toBe(1);
    expect(settled).toEqual([]);
    expect(await store.read(chain[0].gameId)).toEqual([]);

    await sync.release(0);
    await first;
    expect(settled).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sync.calls()).toBe(2);
    expect(settled).toEqual([1]);
    expect(await store.read(chain[0].gameId)).toEqual(chain.slice(0, 1));

    await sync.release(1);
    await Promise.all(rest);
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(store.stats()).toMatchObject({ appends: 4, syncs: 2 });
    expect(await store.read(chain[0].gameId)).toEqual(chain);
  });

  it('given a sync that fails, when appends are waiting on it, then they reject and the store takes no more appends', async () => {
    const store = await open(dataDir(), () => Promise.reject(new Error('EIO')));
    const chain = makeChain(uniqueId('eio'), 2);
    await expect(store.append(chain[0])).rejects.toThrow(/takes no more appends/);
    await expect(store.append(chain[1])).rejects.toThrow(/takes no more appends/);
    expect(await store.read(chain[0].gameId)).toEqual([]);
  });
});
