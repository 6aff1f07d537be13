import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMITS_FILE } from '../../functions/adapters/local/log/event-store.js';
import type { LogLine } from '../../functions/app/log.js';
import { startServer } from '../../functions/local/server.js';
import { exited, freePort, listening, type MainProcess, startMain } from '../support/main-process.js';
import { tempDataDir } from '../support/store-subjects.js';
import { GameClient, is } from '../support/ws-client.js';

const data = tempDataDir();
const children: MainProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  data.remove();
});

/**
 * A data directory whose log is /dev/full: it opens and reads (empty) like any log, and every write fails
 * with ENOSPC, as on a full disk.
 */
function fullDisk(name: string): string {
  const dir = `${data.dir}/${name}`;
  mkdirSync(dir, { recursive: true });
  symlinkSync('/dev/full', `${dir}/${COMMITS_FILE}`);
  return dir;
}

describe('local stack: the log can no longer be written', () => {
  it('given a full disk, when a room is created, then the client gets internal, /healthz answers 503 naming the failure, and the failure is logged once', async () => {
    const lines: LogLine[] = [];
    const failures: Error[] = [];
    const server = await startServer({
      port: 0,
      dataDir: fullDisk('in-process'),
      log: (line) => lines.push(line),
      onStoreFailure: (error) => failures.push(error),
    });
    const client = await GameClient.open(server.wsUrl);
    try {
      const before = await fetch(`${server.url}/healthz`);
      expect(before.status).toBe(200);

      const answer = await client.request({ action: 'create', name: 'Hana', settings: {} }, is('error'));
      expect(answer.code).toBe('internal');
      const again = await client.request({ action: 'create', name: 'Hana', settings: {} }, is('error'));
      expect(again.code).toBe('internal');

      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      const body = (await health.json()) as { ok: boolean; storeFailure: string };
      expect(body.ok).toBe(false);
      expect(body.storeFailure).toMatch(/commits\.log.*ENOSPC/);
      expect(failures).toHaveLength(1);
      const logged = lines.filter((l) => l.action === 'store');
      expect(logged).toEqual([expect.objectContaining({ level: 'error', outcome: 'failed' })]);
      expect(String(logged[0].message)).toMatch(/ENOSPC/);
      expect(server.app.deps.cache.size()).toBe(0);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('given npm start on a full disk, when a write fails, then it closes its sockets, says why and exits 1; restarted with space, it serves again', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dir = fullDisk('main');
    const first = startMain(port, dir);
    children.push(first);
    expect((await listening(url, first)).status).toBe(200);
    const client = await GameClient.open(`ws://127.0.0.1:${port}/ws`);
    const answer = await client.request({ action: 'create', name: 'Hana', settings: {} }, is('error'));
    expect(answer.code).toBe('internal');
    expect(await exited(first)).toBe(1);
    expect(first.stderrText()).toMatch(/the log can no longer be written \(.*ENOSPC.*\); exiting/);
    await client.close();

    // The supervisor starts it again once the disk has room (here: the log is an ordinary file again).
    rmSync(`${dir}/${COMMITS_FILE}`);
    const second = startMain(port, dir);
    children.push(second);
    expect((await listening(url, second)).status).toBe(200);
    const player = await GameClient.open(`ws://127.0.0.1:${port}/ws`);
    try {
      const created = await player.create({});
      expect(created.code).toMatch(/^[A-Z0-9]{5}$/);
    } finally {
      await player.close();
      second.kill('SIGTERM');
      expect(await exited(second)).toBe(0);
    }
  });
});
