import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIRECTORY_FILE, LogDirectory } from '../../functions/adapters/local/log/directory.js';
import { tempDataDir } from '../support/store-subjects.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function open(dir: string): Promise<LogDirectory> {
  const directory = await LogDirectory.open({ dir });
  cleanups.push(() => directory.close());
  return directory;
}

describe('embedded log directory across restarts', () => {
  it("given rooms, tokens (a spectator's too) and connections, when reopened, then rooms and tokens remain and connections are gone", async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const before = await open(data.dir);
    await before.claimRoomCode('KQX4', 'game-1');
    await before.putToken('game-1', 'host', 'hash-host');
    await before.putToken('game-1', 7, 'hash-7');
    await before.putToken('game-1', 'spectator', 'hash-watch');
    await before.bindConnection('conn-1', { gameId: 'game-1', seat: 7 }, Date.now() / 1000 + 3600);
    await before.close();

    const after = await open(data.dir);
    expect(await after.gameForCode('KQX4')).toBe('game-1');
    expect(await after.claimRoomCode('KQX4', 'game-2')).toBe(false);
    expect(await after.seatForToken('game-1', 'hash-host')).toBe('host');
    expect(await after.seatForToken('game-1', 'hash-7')).toBe(7);
    expect(await after.seatForToken('game-1', 'hash-watch')).toBe('spectator');
    expect(await after.connection('conn-1')).toBeNull();
  });

  it('given codes held until a time, when reopened at a clock past one of them, then that code is free and the other still held', async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const now = Date.now() / 1000;
    const before = await open(data.dir);
    await before.claimRoomCode('KQX4', 'game-1', now + 60);
    await before.claimRoomCode('MNP7', 'game-2', now + 7200);
    await before.close();

    const later = await LogDirectory.open({ dir: data.dir, now: () => (now + 3600) * 1000 });
    cleanups.push(() => later.close());
    expect(await later.gameForCode('KQX4')).toBeNull();
    expect(await later.gameForCode('MNP7')).toBe('game-2');
    expect(await later.claimRoomCode('KQX4', 'game-3', now + 7200)).toBe(true);
  });

  it('given a torn last write in the directory file, when reopened, then earlier entries are intact', async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const before = await open(data.dir);
    await before.claimRoomCode('ABCD', 'game-1');
    await before.close();
    appendFileSync(join(data.dir, DIRECTORY_FILE), Buffer.from([0xff, 0x53, 0x43, 0x31, 9, 9]));

    const after = await open(data.dir);
    expect(await after.gameForCode('ABCD')).toBe('game-1');
    expect(await after.claimRoomCode('EFGH', 'game-2')).toBe(true);
  });
});
