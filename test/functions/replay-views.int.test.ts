import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { auditLog } from '../../shared/audit/audit.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import type { Viewer } from '../../shared/index.js';
import { viewFor } from '../../shared/views/view.js';
import { finishWithJumps } from '../support/finish-game.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import type { GameClient } from '../support/ws-client.js';

let server: RunningServer;
let dataDir: string;
const clock = new JumpingClock();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-replay-'));
  server = await startServer({ port: 0, dataDir, quiet: true, clock });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every view the client was shown, with its settings (sent in it or held from an earlier one). */
const viewsOf = (client: GameClient) => client.views();

describe('replay over the real server', () => {
  it('given a whole online game over WebSockets, when its log is replayed, then every view the server sent is the replayed view at that version', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.start();
      const end = await finishWithJumps(table, () => jumpToDeadline(server, clock, table.gameId), 40_000);
      expect(end.over).toBe(true);
      const commits = await server.app.deps.store.read(table.gameId);
      for (const c of table.everyone()) await c.waitForView((v) => v.over, 5000, commits.length);
      expect(auditLog(commits)).toMatchObject({ ok: true, version: commits.length });

      const replayed = new Map<number, ReturnType<typeof foldCommits>>();
      const at = (version: number) => {
        const folded = replayed.get(version) ?? foldCommits(emptyFold, commits, version);
        replayed.set(version, folded);
        return folded.state;
      };
      const clients: Array<[GameClient, Viewer]> = [
        [table.host, { kind: 'host' }],
        ...table.players.map((p): [GameClient, Viewer] => [p, { kind: 'seat', seat: p.seat as number }]),
      ];
      const versions = new Set<number>();
      for (const [client, viewer] of clients) {
        for (const { version, view } of viewsOf(client)) {
          expect(view, `${JSON.stringify(viewer)} at version ${version}`).toEqual(
            viewFor(at(version), viewer),
          );
          versions.add(version);
        }
      }
      // The views span the game from the deal to the end (the projector may fold a burst of commits into
      // one view, so not every version is sent).
      const start = commits.findIndex((c) => (c.command as { type?: string }).type === 'start') + 1;
      expect(versions).toContain(start);
      expect(versions).toContain(commits.length);
      expect([...versions].filter((v) => v > start && v < commits.length).length).toBeGreaterThan(5);
    } finally {
      await table.close();
    }
  });
});
