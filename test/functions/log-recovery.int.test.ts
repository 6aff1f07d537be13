import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptLogError } from '../../functions/adapters/local/log/corrupt-log-error.js';
import { COMMITS_FILE } from '../../functions/adapters/local/log/event-store.js';
import { HEADER_BYTES } from '../../functions/adapters/local/log/framing.js';
import type { LogLine } from '../../functions/app/log.js';
import { startServer } from '../../functions/local/server.js';
import { LocalTable } from '../support/local-table.js';
import { tempDataDir } from '../support/store-subjects.js';

const data = tempDataDir();
afterAll(() => data.remove());

/** A server on `dir` that played a lobby of three; the game's id and version. */
async function playedLobby(dir: string): Promise<{ gameId: string; version: number }> {
  const server = await startServer({ port: 0, dataDir: dir, quiet: true });
  try {
    const table = await LocalTable.open(server.wsUrl, 3);
    const version = table.host.version();
    await table.close();
    return { gameId: table.gameId, version };
  } finally {
    await server.close();
  }
}

async function restart(dir: string): Promise<{ lines: LogLine[]; error?: unknown }> {
  const lines: LogLine[] = [];
  try {
    const server = await startServer({ port: 0, dataDir: dir, log: (line) => lines.push(line) });
    await server.close();
    return { lines };
  } catch (error) {
    return { lines, error };
  }
}

const recovery = (lines: LogLine[]) => lines.filter((l) => l.action === 'recover');

describe('local stack: recovery of the log says what it did', () => {
  it('given the last write torn by a crash, when the server starts, then it cuts it and says how many bytes, where, and the last commit kept', async () => {
    const dir = join(data.dir, 'torn');
    const game = await playedLobby(dir);
    const file = join(dir, COMMITS_FILE);
    const size = statSync(file).size;
    truncateSync(file, size - 5);

    const { lines, error } = await restart(dir);
    expect(error).toBeUndefined();
    const [line] = recovery(lines);
    expect(recovery(lines)).toHaveLength(1);
    expect(line).toMatchObject({
      level: 'warn',
      outcome: 'torn_tail_cut',
      file,
      at: statSync(file).size,
      records: game.version - 1,
      lastKept: { gameId: game.gameId, version: game.version - 1 },
    });
    expect(line.bytes).toBe(size - 5 - statSync(file).size);
    expect(String(line.message)).toMatch(
      /cut a torn last write: \d+ bytes at byte \d+ .* never acknowledged/,
    );
  });

  it('given a damaged record with intact ones after it, when the server starts, then it refuses, says it is damage and not a torn write, and cuts nothing', async () => {
    const dir = join(data.dir, 'damaged');
    const game = await playedLobby(dir);
    const file = join(dir, COMMITS_FILE);
    const bytes = readFileSync(file);
    const firstLength = bytes.readUInt32LE(8) + HEADER_BYTES;
    bytes[HEADER_BYTES + 10] ^= 0x01;
    writeFileSync(file, bytes);

    const { lines, error } = await restart(dir);
    expect(error).toBeInstanceOf(CorruptLogError);
    expect((error as Error).message).toMatch(
      /damage to written data, not a torn last write, so nothing was cut/,
    );
    expect(recovery(lines)).toEqual([
      expect.objectContaining({
        level: 'error',
        outcome: 'damaged_record',
        file,
        at: 0,
        reason: expect.stringMatching(/checksum mismatch/),
        recordsBefore: 0,
        damagedBytes: firstLength,
        recordsAfter: game.version - 1,
      }),
    ]);
    expect(statSync(file).size).toBe(bytes.length);
  });

  it('given a log that closed cleanly, when the server starts, then it says nothing about recovery', async () => {
    const dir = join(data.dir, 'clean');
    await playedLobby(dir);
    const { lines, error } = await restart(dir);
    expect(error).toBeUndefined();
    expect(recovery(lines)).toEqual([]);
  });
});
