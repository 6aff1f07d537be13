import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { KeyValueStore } from '../../web/src/logic/sessions.js';
import { LocalTable } from '../support/local-table.js';
import { PushEndpoint } from '../support/push-endpoint.js';
import { seatTwoSocket } from './support/seat-socket.js';

const noStore: KeyValueStore = {
  length: 0,
  key: () => null,
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
};

const [retired, removed] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:host@sleeping.city', previous: [retired] };
let server: RunningServer;
let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await new PushEndpoint().start();
  server = await startServer({ port: 0, store: 'memory', quiet: true, vapid, pushRoute: endpoint.route });
});
afterAll(async () => {
  await server?.close();
  await endpoint?.close();
});

describe("the PWA's socket handing over a push subscription after a key rotation", () => {
  it('given a subscription under a kept pair and one under a removed pair, when each is handed over, then the first is kept and the second is a quiet no, not a problem shown to the player', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    const problems: string[] = [];
    const controller = await seatTwoSocket(server.wsUrl, table, {
      store: noStore,
      onProblem: (problem) => problems.push(String(problem)),
    });
    try {
      const handOver = (name: string, serverKey: string) =>
        controller.ask(
          { action: 'push', subscription: endpoint.subscribe(name, serverKey), serverKey },
          'pushSaved',
        );
      expect(await handOver('before-rotation', retired.publicKey)).toEqual({ type: 'pushSaved' });
      expect(await handOver('long-ago', removed.publicKey)).toBeNull();
      expect(problems).toEqual([]);
      const kept = await server.app.deps.push?.book.forGame(table.gameId);
      expect(kept?.map((s) => s.serverKey)).toEqual([retired.publicKey]);
    } finally {
      controller.close();
      await table.close();
    }
  });
});
