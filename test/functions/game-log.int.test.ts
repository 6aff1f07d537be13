import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { RELEASE } from '../../functions/release.js';
import { auditLog } from '../../shared/audit/audit.js';
import { parseJsonLines } from '../../shared/audit/log-lines.js';
import { releaseOf } from '../../shared/audit/release.js';
import { finishWithJumps } from '../support/finish-game.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';

let server: RunningServer;
let dataDir: string;
const clock = new JumpingClock();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-game-log-'));
  server = await startServer({ port: 0, dataDir, quiet: true, clock });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, token?: string, method = 'GET') =>
  fetch(`${server.url}${path}`, {
    method,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

describe('the finished-game log over HTTP', () => {
  it('given a game, when its participants and a read-only link ask for the log during and after it, then it is refused while the game runs and sent once it is over', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.start();
      const logPath = `/api/games/${table.gameId}/log`;
      const seat = table.players[2];
      const fan = await GameClient.open(server.wsUrl);
      const watching = await fan.request({ action: 'watch', code: table.code }, (f) => f.type === 'watching');
      await fan.close();

      // Given the game running, when a player asks for its log, then it is refused and says why.
      const running = await get(logPath, seat.token);
      expect(running.status).toBe(409);
      expect(await running.json()).toEqual({
        code: 'game_running',
        message: 'the game is still running: its log opens when it ends',
      });

      // The host gives a read-only link; a player may not.
      const refusedLink = await get(`/api/games/${table.gameId}/read-link`, seat.token, 'POST');
      expect(refusedLink.status).toBe(403);
      expect((await refusedLink.json()).code).toBe('host_only');
      const link = await get(`/api/games/${table.gameId}/read-link`, table.host.token, 'POST');
      expect(link.status).toBe(200);
      const { token: readToken, expiresAt } = (await link.json()) as { token: string; expiresAt: string };
      expect(readToken).toMatch(/^read\.\d+\.[A-Za-z0-9_-]{43}$/);
      // It opens the game for 30 days, and says until when.
      expect(Date.parse(expiresAt) - clock.now()).toBeGreaterThan(30 * 24 * 3600_000 - 2000);
      expect(Date.parse(expiresAt) - clock.now()).toBeLessThanOrEqual(30 * 24 * 3600_000);
      expect((await get(logPath, readToken)).status).toBe(409);

      await finishWithJumps(table, () => jumpToDeadline(server, clock, table.gameId));
      await server.settle();

      // Given the game over, the player, the host and the link's holder get the same log, which audits.
      const sent = await get(logPath, seat.token);
      expect(sent.status).toBe(200);
      expect(sent.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      expect(sent.headers.get('cache-control')).toBe('no-store');
      const text = await sent.text();
      const read = parseJsonLines(text);
      if (!read.ok) throw new Error(read.message);
      expect(read.commits).toEqual(await server.app.deps.store.read(table.gameId));
      expect(auditLog(read.commits)).toMatchObject({ ok: true, version: read.commits.length });
      // The server named its release in the game's first commit.
      expect(releaseOf(read.commits)).toBe(RELEASE);
      expect(await (await get(logPath, table.host.token)).text()).toBe(text);
      expect(await (await get(logPath, readToken)).text()).toBe(text);
      // A spectator's token resumes his watching and opens nothing else: not the log of every role.
      if (watching.type !== 'watching') throw new Error('no watching frame');
      const spectator = await get(logPath, watching.token);
      expect(spectator.status).toBe(401);
      expect((await spectator.json()).code).toBe('bad_token');

      // When the link's 30 days are over, it is refused and says so.
      clock.jumpTo(Date.parse(expiresAt));
      const expired = await get(logPath, readToken);
      expect(expired.status).toBe(403);
      expect(await expired.json()).toEqual({
        code: 'link_expired',
        message: `this read-only link expired on ${expiresAt}: ask the host for a new one`,
      });
    } finally {
      await table.close();
    }
  });

  it('given bad requests, when they ask for a log, then each gets a clear refusal and no log', async () => {
    const table = await LocalTable.open(server.wsUrl, 4, SLOW_ONLINE);
    try {
      const other = await LocalTable.open(server.wsUrl, 4, SLOW_ONLINE);
      await other.close();
      const logPath = `/api/games/${table.gameId}/log`;
      const cases: Array<[Response, number, string]> = [
        [await get(logPath), 401, 'bad_token'],
        [await get(logPath, 'not-a-token'), 401, 'bad_token'],
        [await get(logPath, other.players[0].token), 401, 'bad_token'],
        [await get(logPath, `read.${'A'.repeat(43)}`), 401, 'bad_token'],
        [await get(logPath, table.host.token, 'POST'), 405, 'bad_method'],
        [await get(`/api/games/${table.gameId}/secrets`, table.host.token), 404, 'not_found'],
      ];
      for (const [response, status, code] of cases) {
        expect(response.status).toBe(status);
        expect((await response.json()).code).toBe(code);
      }
      // A link signed for one game opens no other.
      const link = await get(`/api/games/${other.gameId}/read-link`, other.host.token, 'POST');
      const { token } = (await link.json()) as { token: string };
      expect((await get(logPath, token)).status).toBe(401);
    } finally {
      await table.close();
    }
  });
});
