import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { createApp } from '../../functions/app/app.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { Metric } from '../../functions/observability/metric-names.js';
import type { EventStore } from '../../functions/ports/event-store.js';
import type { FanOut } from '../../functions/ports/fan-out.js';
import type { Scheduler } from '../../functions/ports/scheduler.js';
import type { ServerFrame } from '../../shared/index.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

/** Faults switched on and off by the tests, between the real service and its real ports. */
const faults = {
  /** Games whose deadlines the scheduler accepts and then loses (a start that never runs). */
  losingDeadlines: new Set<string>(),
  /** Games where another writer wins every race for the next version. */
  racesLost: new Set<string>(),
  /** Connections every post to fails (403 / 5xx after the adapter's retries). */
  failingPosts: new Set<string>(),
};

let server: RunningServer;
const clock = new JumpingClock();
const meter = () => server.app.deps.meter as CountingMeter;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    store: 'memory',
    quiet: true,
    clock,
    // Gives up on a game another writer keeps winning after three tries, quickly.
    app: { maxAttempts: 3, raceBackoff: { baseMs: 1, capMs: 5 } },
    faults: {
      scheduler: (inner): Scheduler => ({
        schedule: async (gameId, deadlineId, at) => {
          if (!faults.losingDeadlines.has(gameId)) await inner.schedule(gameId, deadlineId, at);
        },
      }),
      store: (inner): EventStore => ({
        append: async (commit) =>
          faults.racesLost.has(commit.gameId) ? { ok: false, reason: 'conflict' } : inner.append(commit),
        read: (gameId, afterSeq) => inner.read(gameId, afterSeq),
        listGames: () => inner.listGames(),
        close: () => inner.close(),
      }),
      fanOut: (inner): FanOut => ({
        post: async (connectionId, frame) => {
          if (faults.failingPosts.has(connectionId)) throw new Error('ForbiddenException: 403');
          return inner.post(connectionId, frame);
        },
      }),
    },
  });
});
afterAll(() => server?.close());

const connectionOf = async (gameId: string, seat: number | 'host') =>
  (await server.app.deps.directory.connectionsOf(gameId)).find((c) => c.seat === seat)?.connectionId;

describe('local stack with faults: a lost deadline', () => {
  it('given a scheduler that loses the deadline of a started game, when the clock passes it and the sweeper’s grace, then the sweeper fires it and the game moves on', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    try {
      faults.losingDeadlines.add(table.gameId);
      await table.start();
      await server.settle();
      const game = await server.app.deps.cache.load(table.gameId);
      const deadline = game?.folded.state.deadline;
      const phase = game?.folded.state.phase.id;
      expect(deadline?.at).toEqual(expect.any(Number));
      expect(server.scheduler.isPending(table.gameId, deadline?.id ?? '')).toBe(false);
      const rearmed = meter().get(Metric.deadlineRearmed);

      // Past the deadline by more than the sweeper's 90 s of grace, and past its next minute.
      clock.jumpTo((deadline?.at ?? 0) + 91_000 + 60_000);
      await server.settle();

      const after = await server.app.deps.cache.load(table.gameId);
      expect(after?.folded.state.phase.id).not.toBe(phase);
      expect(meter().get(Metric.deadlineRearmed)).toBe(rearmed + 1);
      const fired = (await server.app.deps.store.read(table.gameId)).filter(
        (c) => c.commandId === `timeUp:${deadline?.id}`,
      );
      expect(fired).toHaveLength(1);
      await table.host.waitForView((view) => view.phase.id !== phase);
    } finally {
      faults.losingDeadlines.clear();
      await table.close();
    }
  });
});

describe('local stack with faults: racing writes', () => {
  it('given a second writer with its own cache on the same game, when both take joins at once, then every join gets its own seat and no command is lost', async () => {
    const table = await LocalTable.open(server.wsUrl, 0, SLOW_ONLINE);
    // Another instance of the service (another Lambda), with its own cache, on the same store and directory.
    const deps = server.app.deps;
    const other = createApp(
      {
        store: deps.store,
        directory: deps.directory,
        fanOut: deps.fanOut,
        scheduler: deps.scheduler,
        deadlines: deps.deadlines,
        meter: new CountingMeter(),
        clock: deps.clock,
        ids: deps.ids,
      },
      { pipeline: false },
    );
    try {
      const sockets = await Promise.all(Array.from({ length: 5 }, () => GameClient.open(server.wsUrl)));
      const joins = [
        ...sockets.map((s, i) => s.join(table.code, `Socket ${i + 1}`).then((f) => f.seat)),
        ...Array.from({ length: 5 }, async (_, i) => {
          const reply = await other.handleFrame(`other-${i}`, {
            action: 'join',
            code: table.code,
            name: `Lambda ${i + 1}`,
          });
          const joined = reply.frames.find(
            (f): f is Extract<ServerFrame, { type: 'joined' }> => f.type === 'joined',
          );
          if (joined === undefined) throw new Error(JSON.stringify(reply.frames));
          return joined.seat;
        }),
      ];
      const seats = await Promise.all(joins);
      expect(new Set(seats).size).toBe(10);
      await server.settle();
      const commits = await deps.store.read(table.gameId);
      expect(commits.map((c) => c.seq)).toEqual(commits.map((_, i) => i + 1));
      expect(commits.filter((c) => c.commandId.startsWith('join:'))).toHaveLength(10);
      const lobby = (await deps.cache.load(table.gameId))?.folded.state;
      expect(
        Object.keys(lobby?.names ?? {})
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...seats].sort((a, b) => a - b));
      for (const s of sockets) await s.close();
    } finally {
      await table.close();
    }
  });

  it('given a game where another writer wins every race, when a player commands, then he gets busy with his commandId and nothing is taken; sent again once the race is won, it is taken once', async () => {
    const table = await LocalTable.open(server.wsUrl, 1, SLOW_ONLINE);
    try {
      const player = table.player(1);
      const before = (await server.app.deps.store.read(table.gameId)).length;
      const commandId = randomUUID();
      const frame = { action: 'command', commandId, command: { type: 'takeSeat', seat: 2 } };

      faults.racesLost.add(table.gameId);
      const busy = await player.request(frame, is('error'));
      expect(busy).toMatchObject({ code: 'busy', commandId });
      expect(await server.app.deps.store.read(table.gameId)).toHaveLength(before);
      expect(meter().get(Metric.raceGaveUp)).toBeGreaterThan(0);

      faults.racesLost.clear();
      const ack = await player.request(frame, is('ack'));
      expect(ack.commandId).toBe(commandId);
      const again = await player.request(frame, is('ack'));
      expect(again.version).toBe(ack.version);
      const taken = (await server.app.deps.store.read(table.gameId)).filter((c) => c.commandId === commandId);
      expect(taken).toHaveLength(1);
    } finally {
      faults.racesLost.clear();
      await table.close();
    }
  });
});

describe('local stack with faults: a failed post', () => {
  it('given one connection every post to fails, when a commit is projected, then the projection completes, the others get their views, and the failed one catches up on sync', async () => {
    const table = await LocalTable.open(server.wsUrl, 3, SLOW_ONLINE);
    try {
      await server.settle();
      const broken = await connectionOf(table.gameId, 2);
      faults.failingPosts.add(broken ?? '');
      const failedBefore = meter().get(Metric.postFailed);
      const seen = table.player(2).version();

      const mover = table.player(3);
      const reply = await mover.command({ type: 'takeSeat', seat: 4 });
      expect(reply.type).toBe('ack');
      await server.settle();
      const version = (reply as { version: number }).version;
      for (const client of [table.host, table.player(1), mover]) {
        await client.waitForView(() => true, 5000, version);
      }
      expect(table.player(2).version()).toBe(seen);
      expect(meter().get(Metric.postFailed)).toBeGreaterThan(failedBefore);
      expect(server.app.deps.cache.peek(table.gameId)?.projected).toBe(version);

      faults.failingPosts.clear();
      const sync = await table.player(2).request({ action: 'sync' }, is('view'));
      expect(sync.version).toBe(version);
    } finally {
      faults.failingPosts.clear();
      await table.close();
    }
  });
});
