import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame } from '../../shared/index.js';
import { driveToNightOne } from '../support/jump.js';
import { LONG_NIGHTS, LocalTable } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

let server: RunningServer;
const clock = new JumpingClock();

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true, clock });
});
afterAll(() => server?.close());

type Audience = Extract<ServerFrame, { type: 'audience' }>;

const settle = () => sleep(300);
const countOf =
  (count: number) =>
  (f: ServerFrame): f is Audience =>
    f.type === 'audience' && f.count === count;
/** Waits until each client has been told `count` (from frame `from` on). */
const everyoneHears = (clients: GameClient[], count: number, from: number[] = []) =>
  Promise.all(clients.map((c, i) => c.waitFor(countOf(count), 5000, from[i] ?? 0)));

/**
 * A seat, the host and two spectators hear each count; one spectator closes his page (the $disconnect route
 * handler tells the table).
 */
async function countsAsSpectatorsComeAndGo(wsUrl: string): Promise<void> {
  const table = await LocalTable.open(wsUrl, 7, LONG_NIGHTS);
  const [fanA, fanB] = [await GameClient.open(wsUrl), await GameClient.open(wsUrl)];
  try {
    await table.start();
    const seat = table.players[2];
    await fanA.request({ action: 'watch', code: table.code }, is('watching'));
    await everyoneHears([seat, table.host, fanA], 1);

    await fanB.request({ action: 'watch', code: table.code }, is('watching'));
    await everyoneHears([seat, table.host, fanA, fanB], 2);

    const from = [seat, table.host, fanB].map((c) => c.frames.length);
    await fanA.close();
    await everyoneHears([seat, table.host, fanB], 1, from);
  } finally {
    await Promise.all([fanA.close(), fanB.close()]);
    await table.close();
  }
}

describe('local stack on DynamoDB (dynalite): the table sees how many watch', () => {
  it('given a game under way, when spectators arrive and one closes his page, then a seat, the host and the spectators hear each count', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-audience-'));
    const dynamo = await startServer({ port: 0, dataDir, store: 'dynamo', quiet: true });
    try {
      await countsAsSpectatorsComeAndGo(dynamo.wsUrl);
    } finally {
      await dynamo.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('local stack: the table sees how many watch', () => {
  it(
    'given a game under way, when spectators arrive and one closes his page, then a seat, the host and the spectators hear each count',
    () => countsAsSpectatorsComeAndGo(server.wsUrl),
    60_000,
  );

  it('given a night, when a spectator arrives, then every seat and the host get exactly one frame, the same audience frame', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, LONG_NIGHTS);
    const fan = await GameClient.open(server.wsUrl);
    try {
      await table.start();
      await driveToNightOne(server, clock, table);
      await settle();
      const everyone = [table.host, ...table.players];
      const before = everyone.map((c) => c.frames.length);

      await fan.request({ action: 'watch', code: table.code }, is('watching'));
      await everyoneHears(everyone, 1, before);
      await settle();

      const got = everyone.map((c, i) => c.frames.slice(before[i]));
      expect(got.map((frames) => frames.length)).toEqual(everyone.map(() => 1));
      expect(new Set(got.map((frames) => JSON.stringify(frames[0]))).size).toBe(1);
      expect(got[0][0]).toMatchObject({ type: 'audience', gameId: table.gameId, count: 1 });
    } finally {
      await fan.close();
      await table.close();
    }
  }, 60_000);

  it('given a spectator of a finished game, when the host opens a rematch, then he is invited to watch it on a new socket and a late comer on the old code watches it too', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, { ...LONG_NIGHTS, dealing: 'manual' });
    const [fan, late] = [await GameClient.open(server.wsUrl), await GameClient.open(server.wsUrl)];
    try {
      expect(await table.host.command({ type: 'assignRole', seat: 1, role: 'mafia' })).toMatchObject({
        type: 'ack',
      });
      await table.start();
      await fan.request({ action: 'watch', code: table.code }, is('watching'));
      // The mafioso outlasts the town once the host disqualifies five civilians.
      for (const seat of [2, 3, 4, 5, 6]) {
        expect(await table.host.command({ type: 'disqualify', seat, reason: 'left' })).toMatchObject({
          type: 'ack',
        });
      }
      await fan.waitForView((v) => v.over, 5000);

      const created = await table.host.request({ action: 'rematch' }, is('created'));

      const invited = await fan.waitFor(
        (f): f is Extract<ServerFrame, { type: 'watching' }> =>
          f.type === 'watching' && f.gameId === created.gameId,
      );
      // As his phone does: the old socket closes, a new one resumes the new game with the token.
      await fan.close();
      const [moved, follower] = [await GameClient.open(server.wsUrl), await GameClient.open(server.wsUrl)];
      try {
        expect(await moved.resume(created.gameId, invited.token)).toMatchObject({
          view: { viewer: 'spectator', phase: { kind: 'lobby' } },
        });
        await moved.waitFor(
          (f): f is Audience => f.type === 'audience' && f.gameId === created.gameId && f.count === 1,
        );
        // A player joining the new room hears who watches there.
        await follower.join(created.code, 'Guest');
        expect(follower.frames.find(is('audience'))).toMatchObject({ count: 1 });
      } finally {
        await Promise.all([moved.close(), follower.close()]);
      }

      const watching = await late.request({ action: 'watch', code: table.code }, is('watching'));
      expect(watching.gameId).toBe(created.gameId);
    } finally {
      await Promise.all([fan.close(), late.close()]);
      await table.close();
    }
  }, 60_000);
});
