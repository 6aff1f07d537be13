import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { GameState } from '../../shared/index.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable } from '../support/local-table.js';

const HOUR = 3600_000;
const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-forum-deadlines-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server on the one data directory, on a clock of its own that starts at `at` (a restart hours later). */
async function serverAt(at: number): Promise<{ server: RunningServer; clock: JumpingClock }> {
  const clock = new JumpingClock();
  clock.jumpTo(at);
  const server = await startServer({ port: 0, store: 'log', dataDir, clock, quiet: true });
  servers.push(server);
  return { server, clock };
}

async function stateOf(server: RunningServer, gameId: string): Promise<GameState> {
  await server.settle();
  const game = await server.app.deps.cache.load(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  return game.folded.state;
}

/** The state once the overdue deadline `id`, re-armed at start as a timer due at once, has fired. */
async function dueFired(server: RunningServer, gameId: string, id: string): Promise<GameState> {
  const giveUp = Date.now() + 5000;
  for (;;) {
    const state = await stateOf(server, gameId);
    if (state.deadline?.id !== id || Date.now() > giveUp) return state;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('local timers: a forum game’s deadlines hours away survive restarts', () => {
  it('given a 24-hour day, when the server restarts 23 hours in and again after the night ran out, then each deadline fires once at its hour', async () => {
    // given a forum game in its first 24-hour day
    const first = await serverAt(Date.now());
    const table = await LocalTable.open(first.server.wsUrl, 7, { preset: 'forum' });
    await table.start();
    const gameId = table.gameId;
    const day = await stateOf(first.server, gameId);
    expect(day.phase).toMatchObject({ kind: 'day', round: 1 });
    const dayEnds = day.deadline?.at ?? 0;
    expect(dayEnds - first.clock.now()).toBeGreaterThan(23.9 * HOUR);
    expect(first.server.scheduler.isPending(gameId, day.deadline?.id ?? '')).toBe(true);

    // when 23 hours pass: nothing fires yet
    first.clock.jumpTo(first.clock.now() + 23 * HOUR);
    expect((await stateOf(first.server, gameId)).phase).toMatchObject({ kind: 'day', round: 1 });
    await Promise.all([table.host, ...table.players].map((client) => client.close()));
    await first.server.close();

    // then a server started on the same log an hour before the deadline re-arms it, and it fires at its hour
    const second = await serverAt(dayEnds - HOUR);
    const reloaded = await stateOf(second.server, gameId);
    expect(reloaded.deadline?.at).toBe(dayEnds);
    expect(second.server.scheduler.isPending(gameId, reloaded.deadline?.id ?? '')).toBe(true);
    expect(await jumpToDeadline(second.server, second.clock, gameId)).toMatchObject({
      kind: 'night',
      round: 1,
    });
    const night = await stateOf(second.server, gameId);
    const nightEnds = night.deadline?.at ?? 0;
    expect(nightEnds - dayEnds).toBeGreaterThanOrEqual(12 * HOUR);
    await second.server.close();

    // and a server down for the whole 12-hour night ends it as soon as it is up again, once
    const third = await serverAt(nightEnds + 2 * HOUR);
    const morning = await dueFired(third.server, gameId, night.deadline?.id ?? '');
    expect(morning.phase).toMatchObject({ kind: 'day', round: 2 });
    expect(morning.deadline?.at ?? 0).toBeGreaterThan(third.clock.now() + 23 * HOUR);
    await third.server.close();
  });
});
