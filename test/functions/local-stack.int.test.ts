import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { verifyChain } from '../../shared/audit/chain.js';
import { finishWithJumps } from '../support/finish-game.js';
import { jumpToDeadline } from '../support/jump.js';
import { expectOnlyOwnViews, LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

let server: RunningServer;
let dataDir: string;
const clock = new JumpingClock();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-stack-'));
  server = await startServer({ port: 0, dataDir, quiet: true, clock });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const commitsOf = (gameId: string) => server.app.deps.store.read(gameId);

describe('local stack: a whole online game over WebSockets', () => {
  it('given a room of seven, when the game is played through the protocol, then it ends and everyone saw only his own views', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.start();
      // Steps only their timers end (a discussion, a last word) end when the clock is jumped to them.
      const end = await finishWithJumps(table, () => jumpToDeadline(server, clock, table.gameId), 40_000);
      expect(end.over).toBe(true);
      expect(end.winner).toBe('town');
      expect(end.eliminated.some((e) => e.how === 'shot')).toBe(true);
      // Every player's last view is the final version, and so is the host's.
      const final = (await commitsOf(table.gameId)).length;
      for (const c of table.everyone()) await c.waitForView((v) => v.over, 5000, final);
      const roles = Object.fromEntries(end.seats.map((s) => [s.seat, s.role ?? '']));
      for (const p of table.players) expectOnlyOwnViews(p, roles);
      for (const { view } of table.host.views()) {
        expect(view.viewer).toBe('host');
        if (!view.over) expect(view.seats.every((s) => s.role === null)).toBe(true);
      }
      const commits = await commitsOf(table.gameId);
      expect(verifyChain(commits)).toEqual({ ok: true });
      expect(commits.some((c) => c.actor === 'system' && c.commandId.startsWith('timeUp:'))).toBe(true);
    } finally {
      await table.close();
    }
  });
});

describe('local stack: commands at the edge', () => {
  it('given two players racing for one seat, when both ask at once, then exactly one wins and the log has no gap', async () => {
    const table = await LocalTable.open(server.wsUrl, 3);
    try {
      const version = (await commitsOf(table.gameId)).length;
      const [a, b] = await Promise.all([
        table.player(1).command({ type: 'takeSeat', seat: 9 }, { expectedVersion: version }),
        table.player(2).command({ type: 'takeSeat', seat: 9 }, { expectedVersion: version }),
      ]);
      expect([a.type, b.type].sort()).toEqual(['ack', 'rejected']);
      const loser = a.type === 'rejected' ? a : b;
      expect(['stale_version', 'seat_taken']).toContain(loser.type === 'rejected' ? loser.code : '');
      const [c, d] = await Promise.all([
        table.player(3).command({ type: 'takeSeat', seat: 12 }),
        table.player(a.type === 'ack' ? 2 : 1).command({ type: 'takeSeat', seat: 12 }),
      ]);
      expect([c.type, d.type].sort()).toEqual(['ack', 'rejected']);
      const commits = await commitsOf(table.gameId);
      expect(commits.map((x) => x.seq)).toEqual(commits.map((_, i) => i + 1));
      expect(verifyChain(commits)).toEqual({ ok: true });
    } finally {
      await table.close();
    }
  });

  it('given an accepted command, when its command id is sent again, then the same ack comes back and nothing changes', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    try {
      const say = { type: 'say', channel: 'table', text: 'good evening' };
      const first = await table.player(1).command(say, { commandId: 'once-only' });
      const before = (await commitsOf(table.gameId)).length;
      const again = await table.player(1).command(say, { commandId: 'once-only' });
      expect(again).toEqual(first);
      expect((await commitsOf(table.gameId)).length).toBe(before);
    } finally {
      await table.close();
    }
  });

  it('given malformed, unknown, oversized and badly authenticated frames, when sent, then each gets an error frame and the socket still works', async () => {
    const table = await LocalTable.open(server.wsUrl, 1);
    const client = await GameClient.open(server.wsUrl);
    try {
      const errorFor = async (frame: object | string) => (await client.request(frame, is('error'))).code;
      expect(await errorFor('{"action": "join", ')).toBe('bad_json');
      expect(await errorFor({ action: 'fly' })).toBe('unknown_action');
      expect(await errorFor({ action: 'ping', padding: 'x'.repeat(40 * 1024) })).toBe('too_large');
      expect(
        await errorFor({ action: 'resume', gameId: table.gameId, token: `${table.player(1).token}x` }),
      ).toBe('bad_token');
      expect(await errorFor({ action: 'command', commandId: 'c', command: { type: 'start' } })).toBe(
        'not_bound',
      );
      expect(await client.request({ action: 'ping' }, is('pong'))).toEqual({ type: 'pong' });
      expect(client.open).toBe(true);
    } finally {
      await client.close();
      await table.close();
    }
  });

  it('given a player whose socket dropped, when he resumes on a new one, then he gets the current view and the game goes on', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    try {
      const gone = table.player(2);
      gone.drop();
      await table.player(1).command({ type: 'say', channel: 'table', text: 'are you there?' });
      const back = await GameClient.open(server.wsUrl);
      const view = await back.resume(table.gameId, gone.token);
      const latest = (await commitsOf(table.gameId)).length;
      expect(view).toMatchObject({ type: 'view', version: latest, view: { seat: 2 } });
      if (view.type !== 'view') throw new Error('no view');
      const page = await back.waitFor(is('thread'));
      expect(page).toMatchObject({ version: latest, channel: 'table', from: 0, total: 1 });
      expect(back.chat().map((m) => m.text)).toEqual(['are you there?']);
      await table.player(1).command({ type: 'say', channel: 'table', text: 'welcome back' });
      expect(await back.waitFor(is('chat'))).toMatchObject({ version: latest + 1, from: 1 });
      expect(back.chat().map((m) => m.text)).toEqual(['are you there?', 'welcome back']);
      await back.close();
    } finally {
      await table.close();
    }
  });
});

describe('local stack: idle sockets', () => {
  it('given a socket that stays silent, when the idle time passes, then it is closed; one that pings stays', async () => {
    const short = await startServer({ port: 0, store: 'memory', quiet: true, idleTimeoutMs: 300 });
    const silent = await GameClient.open(short.wsUrl);
    const pinging = await GameClient.open(short.wsUrl);
    try {
      const pings = setInterval(() => pinging.send({ action: 'ping' }), 100);
      const until = Date.now() + 3000;
      while (silent.open && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      clearInterval(pings);
      expect(silent.open).toBe(false);
      expect(pinging.open).toBe(true);
    } finally {
      await pinging.close();
      await short.close();
    }
  });
});

describe('local stack: the web app and health', () => {
  it('given no built app, when the page is asked for, then it says how to build it', async () => {
    const empty = await startServer({
      port: 0,
      store: 'memory',
      quiet: true,
      webDir: join(dataDir, 'nothing-here'),
    });
    try {
      const res = await fetch(empty.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build:web');
    } finally {
      await empty.close();
    }
  });

  it('given a built app, when files and app routes are asked for, then each comes with its type and routes fall back to the shell', async () => {
    const web = join(dataDir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(web, 'manifest.webmanifest'), '{"name":"Sleeping City"}');
    writeFileSync(join(web, 'assets', 'app.js'), 'export {};');
    const site = await startServer({ port: 0, store: 'memory', quiet: true, webDir: web });
    try {
      const get = (path: string) => fetch(`${site.url}${path}`);
      expect((await get('/assets/app.js')).headers.get('content-type')).toMatch(/^text\/javascript/);
      const manifest = await get('/manifest.webmanifest');
      expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const sw = await get('/sw.js');
      expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(sw.headers.get('service-worker-allowed')).toBeNull();
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      const route = await get('/game/ABCDE');
      expect(route.status).toBe(200);
      expect(await route.text()).toContain('<title>shell</title>');
      expect((await get('/assets/missing.js')).status).toBe(404);
      expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).not.toBe(500);
      expect(await (await get('/../package.json')).text()).not.toContain('"dependencies"');
      const health = await (await get('/healthz')).json();
      expect(health).toMatchObject({ ok: true, store: 'memory' });
    } finally {
      await site.close();
    }
  });
});
