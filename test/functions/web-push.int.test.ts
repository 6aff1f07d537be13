import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import type { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { Metric } from '../../functions/observability/metric-names.js';
import type { ServerFrame } from '../../shared/index.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable } from '../support/local-table.js';
import { PushEndpoint } from '../support/push-endpoint.js';
import { GameClient } from '../support/ws-client.js';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:host@sleeping.city' };
const clock = new JumpingClock();
let server: RunningServer;
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await new PushEndpoint().start();
  server = await startServer({
    port: 0,
    store: 'memory',
    clock,
    quiet: true,
    vapid,
    pushRoute: endpoint.route,
  });
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});

const frameOf =
  <T extends ServerFrame['type']>(...types: T[]) =>
  (f: ServerFrame): f is Extract<ServerFrame, { type: T }> =>
    (types as string[]).includes(f.type);

describe('Web Push: a player whose app is closed learns of a new phase', () => {
  it('given seats subscribed to a forum game, when the day and then the night begin, then each gets one encrypted, signed push per phase saying only that', async () => {
    // given a forum table of seven where seats 1 and 2 and the host subscribe
    const table = await LocalTable.open(server.wsUrl, 7, { preset: 'forum' });
    const key = await table.player(1).request({ action: 'pushKey' }, frameOf('pushKey'));
    expect(key.key).toBe(vapid.publicKey);
    for (const [client, name] of [
      [table.player(1), 'seat-1'],
      [table.player(2), 'seat-2'],
      [table.host, 'host'],
    ] as const) {
      const saved = await client.request(
        { action: 'push', subscription: endpoint.subscribe(name, key.key ?? ''), serverKey: key.key ?? '' },
        frameOf('pushSaved', 'error'),
      );
      expect(saved).toEqual({ type: 'pushSaved' });
    }

    // when the game starts (day 1) and the 24-hour day runs out (night 1)
    await table.start();
    await server.settle();
    expect(await jumpToDeadline(server, clock, table.gameId)).toMatchObject({ kind: 'night', round: 1 });
    await server.settle();

    // then every subscriber got the same two pushes, and the push service accepted each request
    expect(endpoint.refused).toEqual([]);
    const phases = (name: string) => endpoint.pushesTo(name).map((p) => JSON.parse(p.plaintext));
    const expected = [
      { type: 'phase', gameId: table.gameId, phase: { kind: 'day', round: 1 } },
      { type: 'phase', gameId: table.gameId, phase: { kind: 'night', round: 1 } },
    ];
    // the mafioso's, the townsman's and the host's pushes are alike: no role, no deadline, no step count
    for (const name of ['seat-1', 'seat-2', 'host']) expect(phases(name)).toEqual(expected);
    for (const push of endpoint.received) {
      expect(push.signer).toBe(vapid.publicKey);
      expect(push.claims.sub).toBe(vapid.subject);
      expect(push.ttl).toBe(12 * 3600);
    }
    await Promise.all([table.host, ...table.players].map((c) => c.close()));
  });

  it('given a subscription the push service has dropped, when the next phase begins, then it answers 410 once and is forgotten', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, { preset: 'forum' });
    const target = endpoint.subscribe('revoked');
    await table.player(3).request({ action: 'push', subscription: target }, frameOf('pushSaved'));
    endpoint.gone('revoked');
    await table.start();
    await server.settle();
    expect(await server.app.deps.push?.book.forGame(table.gameId)).toEqual([]);
    await jumpToDeadline(server, clock, table.gameId);
    expect(endpoint.pushesTo('revoked')).toEqual([]);
    await Promise.all([table.host, ...table.players].map((c) => c.close()));
  });

  it('given a connection not in a game or a malformed subscription, when it sends push, then it is refused and nothing is kept', async () => {
    const stranger = await GameClient.open(server.wsUrl);
    const target = endpoint.subscribe('stranger');
    expect(await stranger.request({ action: 'push', subscription: target }, frameOf('error'))).toMatchObject({
      code: 'not_bound',
    });
    for (const subscription of [
      { ...target, endpoint: 'javascript:alert(1)' },
      { ...target, keys: { ...target.keys, p256dh: 'short' } },
      { ...target, extra: true },
    ]) {
      expect(await stranger.request({ action: 'push', subscription }, frameOf('error'))).toMatchObject({
        code: 'bad_frame',
      });
    }
    await stranger.close();
  });
});

describe('Web Push never posts inside the network', () => {
  it('given a server sending to public push services only, when seats subscribe loopback, private, link-local, unique-local, metadata or plain-http endpoints, then each is refused and nothing is posted', async () => {
    // given a server whose pushes go where production's go: https on public addresses
    const strict = await startServer({ port: 0, store: 'memory', clock, quiet: true, vapid });
    try {
      const table = await LocalTable.open(strict.wsUrl, 7, { preset: 'forum' });
      const keys = endpoint.subscribe('hostile').keys;
      const refusals: Record<string, string> = {};
      for (const url of [
        'https://127.0.0.1/push',
        'https://localhost/push',
        'https://app.localhost/push',
        'https://[::1]/push',
        'https://169.254.169.254/latest/meta-data',
        'https://10.0.0.5/push',
        'https://192.168.1.1/push',
        'https://[fd00:ec2::254]/push',
        'https://[::ffff:127.0.0.1]/push',
        'https://0.0.0.0/push',
        'http://push.example/push',
      ]) {
        const answer = await table
          .player(1)
          .request({ action: 'push', subscription: { endpoint: url, keys } }, frameOf('pushSaved', 'error'));
        refusals[url] = answer.type === 'error' ? answer.code : answer.type;
      }
      // then https ones are refused for where they point, plain http as a malformed frame
      const { 'http://push.example/push': plain, ...pointed } = refusals;
      expect(Object.entries(pointed).filter(([, code]) => code !== 'push_endpoint')).toEqual([]);
      expect(plain).toBe('bad_frame');
      // when the game moves on, nothing was posted anywhere
      const before = endpoint.received.length;
      await table.start();
      await strict.settle();
      expect(endpoint.received.length).toBe(before);
      await Promise.all([table.host, ...table.players].map((c) => c.close()));
    } finally {
      await strict.close();
    }
  });
});

describe('Web Push switched off', () => {
  it('given a server without VAPID keys, when a seat asks, then the key is null and a subscription is push_off', async () => {
    const plain = await startServer({ port: 0, store: 'memory', quiet: true });
    try {
      const table = await LocalTable.open(plain.wsUrl, 7, { preset: 'forum' });
      expect(await table.player(1).request({ action: 'pushKey' }, frameOf('pushKey'))).toEqual({
        type: 'pushKey',
        key: null,
      });
      expect(
        await table
          .player(1)
          .request({ action: 'push', subscription: endpoint.subscribe('off') }, frameOf('error')),
      ).toMatchObject({ code: 'push_off' });
      await Promise.all([table.host, ...table.players].map((c) => c.close()));
    } finally {
      await plain.close();
    }
  });
});

describe('Web Push on the DynamoDB store', () => {
  it('given a seat subscribed on a server keeping DynamoDB, when the server restarts mid-day and the day runs out, then the subscription was kept and the night is pushed', async () => {
    // given a forum game on the DynamoDB store whose seat 1 subscribed, started and in its day
    const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-push-dynamo-'));
    // Both runs of the server: the same data, clock, keys and push service.
    const onDisk = {
      port: 0,
      dataDir,
      store: 'dynamo' as const,
      clock,
      quiet: true,
      vapid,
      pushRoute: endpoint.route,
    };
    const first = await startServer(onDisk);
    let gameId: string;
    try {
      const table = await LocalTable.open(first.wsUrl, 7, { preset: 'forum' });
      gameId = table.gameId;
      await table
        .player(1)
        .request({ action: 'push', subscription: endpoint.subscribe('kept') }, frameOf('pushSaved'));
      await table.start();
      await first.settle();
      await Promise.all([table.host, ...table.players].map((c) => c.close()));
    } finally {
      await first.close();
    }

    // when the server starts again on the same data and the day's deadline comes
    const again = await startServer(onDisk);
    try {
      expect(await again.app.deps.push?.book.forGame(gameId)).toHaveLength(1);
      expect(await jumpToDeadline(again, clock, gameId)).toMatchObject({ kind: 'night', round: 1 });
      await again.settle();

      // then the seat heard of the day from the first server and of the night from the second
      expect(endpoint.pushesTo('kept').map((p) => JSON.parse(p.plaintext).phase)).toEqual([
        { kind: 'day', round: 1 },
        { kind: 'night', round: 1 },
      ]);
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Web Push across a rotation of the VAPID keys', () => {
  it('given phones subscribed under key A and under an older key Z, when the server moves to key B keeping A and dropping Z, then A’s phone still gets its pushes signed by A, B’s by B, and Z’s subscription is dropped', async () => {
    const [z, a, b] = [0, 1, 2].map(() => webpush.generateVAPIDKeys());
    const subject = 'mailto:host@sleeping.city';
    const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-push-rotation-'));
    const names = { a: uniqueName('under-a'), z: uniqueName('under-z'), b: uniqueName('under-b') };
    // given a server keeping A as its key and Z from a rotation before, on the DynamoDB store
    const first = await startServer({
      ...{ port: 0, dataDir, store: 'dynamo', clock, quiet: true, pushRoute: endpoint.route },
      vapid: { ...a, subject, previous: [z] },
    });
    let table: LocalTable;
    try {
      table = await LocalTable.open(first.wsUrl, 7, { preset: 'forum' });
      // seat 1's phone subscribed under A; seat 2's under Z and was not opened since A came in
      expect(await handOver(table.player(1), names.a, a.publicKey)).toEqual({ type: 'pushSaved' });
      expect(await handOver(table.player(2), names.z, z.publicKey)).toEqual({ type: 'pushSaved' });
      await table.start();
      await first.settle();
    } finally {
      await first.close();
    }

    // when the server starts again with B as its key, A kept as previous and Z removed
    const again = await startServer({
      ...{ port: 0, dataDir, store: 'dynamo', clock, quiet: true, pushRoute: endpoint.route },
      vapid: { ...b, subject, previous: [a] },
    });
    try {
      await table.reconnect(again.wsUrl);
      expect(await table.player(3).request({ action: 'pushKey' }, frameOf('pushKey'))).toEqual({
        type: 'pushKey',
        key: b.publicKey,
      });
      expect(await handOver(table.player(3), names.b, b.publicKey)).toEqual({ type: 'pushSaved' });
      // a phone handing over a subscription under the removed key is told to subscribe again
      expect(await handOver(table.player(4), uniqueName('late-z'), z.publicKey)).toMatchObject({
        type: 'error',
        code: 'push_key',
      });
      expect(await jumpToDeadline(again, clock, table.gameId)).toMatchObject({ kind: 'night', round: 1 });
      await again.settle();

      // then A's phone heard of the day and the night, each push signed by A (the push service takes no
      // other key for it), and B's of the night, signed by B
      const heard = (name: string) =>
        endpoint.pushesTo(name).map((p) => [JSON.parse(p.plaintext).phase, p.signer]);
      expect(heard(names.a)).toEqual([
        [{ kind: 'day', round: 1 }, a.publicKey],
        [{ kind: 'night', round: 1 }, a.publicKey],
      ]);
      expect(heard(names.b)).toEqual([[{ kind: 'night', round: 1 }, b.publicKey]]);
      // Z's heard the day from the first server and nothing since: dropped unpushed, counted, not kept
      expect(heard(names.z)).toEqual([[{ kind: 'day', round: 1 }, z.publicKey]]);
      expect(endpoint.refused.filter((r) => Object.values(names).some((n) => r.startsWith(n)))).toEqual([]);
      expect((again.app.deps.meter as CountingMeter).get(Metric.pushKeyDropped)).toBe(1);
      const kept = await again.app.deps.push?.book.forGame(table.gameId);
      expect(kept?.map((s) => [s.target.endpoint.split('/').pop(), s.serverKey]).sort()).toEqual(
        [
          [names.a, a.publicKey],
          [names.b, b.publicKey],
        ].sort(),
      );
      await table.close();
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A phone subscribes under `serverKey` at the test's push service and hands the subscription over. */
const handOver = (client: GameClient, name: string, serverKey: string) =>
  client.request(
    { action: 'push', subscription: endpoint.subscribe(name, serverKey), serverKey },
    frameOf('pushSaved', 'error'),
  );

let named = 0;
/** Subscriber names unique within the file's shared push service. */
const uniqueName = (prefix: string) => `${prefix}-${++named}`;
