import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayFanOut } from '../../functions/adapters/aws/apigw/fan-out.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { FanOut } from '../../functions/ports/fan-out.js';
import type { GameView } from '../../shared/index.js';
import type { KeyValueStore } from '../../web/src/logic/sessions.js';
import { LocalTable } from '../support/local-table.js';
import { seatTwoSocket, until } from './support/seat-socket.js';

class MemoryStore implements KeyValueStore {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** Connections whose next frame is lost on the way (a post that fails after the adapter's retries). */
const losingNext = new Set<string>();

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    store: 'memory',
    quiet: true,
    faults: {
      fanOut: (inner): FanOut => ({
        post: async (connectionId, frame, text) => {
          if (frame.type !== 'pong' && losingNext.delete(connectionId))
            throw new Error('ForbiddenException: 403');
          return inner.post(connectionId, frame, text);
        },
      }),
    },
  });
});
afterAll(() => server?.close());

describe("the PWA's socket: the server's word on the version wins", () => {
  it('given a view with a forged version reaching the app, when the game moves on, then the app asks the server and shows the real views again', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    const controller = await seatTwoSocket(server.wsUrl, table, {
      store: new MemoryStore(),
      onProblem: () => {},
    });
    try {
      const real = controller.version;

      // Whoever could post to the connection: a view far ahead of the game.
      const bindings = await server.app.deps.directory.connectionsOf(table.gameId);
      const newest = bindings.at(-1)?.connectionId as string;
      const forged = { ...(controller.view as GameView), settingsKey: 'forged' };
      const management = new ApiGatewayManagementApiClient({
        endpoint: server.managementEndpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      });
      await new ApiGatewayFanOut(management).post(newest, { type: 'view', version: 999_999, view: forged });
      management.destroy();
      await until(() => controller.version === 999_999, 'the forged view');

      await table.player(1).command({ type: 'say', channel: 'table', text: 'is anyone there?' });
      await until(() => controller.version === real + 1, 'the real version back');
      expect(controller.chat.map((m) => m.text)).toEqual(['is anyone there?']);
      await table.player(1).command({ type: 'say', channel: 'table', text: 'good' });
      await until(() => controller.version === real + 2, 'the next real view');
    } finally {
      controller.close();
      await table.close();
    }
  });
});

describe("the PWA's socket heals a missed frame", () => {
  it('given a chat frame starting past the lines held (a frame before it was lost), when it comes, then the app appends nothing and asks for sync, and holds the real chat again', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    let changes = 0;
    const controller = await seatTwoSocket(server.wsUrl, table, {
      store: new MemoryStore(),
      onProblem: () => {},
      onChange: () => changes++,
    });
    try {
      await table.player(1).command({ type: 'say', channel: 'table', text: 'first' });
      await until(() => controller.chat.length === 1, 'the first line');
      const real = controller.version;

      const bindings = await server.app.deps.directory.connectionsOf(table.gameId);
      const newest = bindings.at(-1)?.connectionId as string;
      const management = new ApiGatewayManagementApiClient({
        endpoint: server.managementEndpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      });
      const line = { seat: 1, channel: 'table' as const, text: 'after a lost one', at: Date.now(), round: 0 };
      await new ApiGatewayFanOut(management).post(newest, {
        type: 'chat',
        version: real + 5,
        channel: 'table',
        from: 4,
        messages: [line],
      });
      const before = changes;
      management.destroy();

      // the sync's answer is the server's view: the real version, and no line that was never said
      await until(() => changes > before, 'the sync');
      expect(controller.version).toBe(real);
      expect(controller.chat.map((m) => m.text)).toEqual(['first']);
      await table.player(1).command({ type: 'say', channel: 'table', text: 'second' });
      await until(() => controller.version === real + 1, 'the next line');
      expect(controller.chat.map((m) => m.text)).toEqual(['first', 'second']);
    } finally {
      controller.close();
      await table.close();
    }
  });
});

describe("the PWA's socket heals a lost frame on its next pong", () => {
  it('given the frame of a new line lost on the way to the app and nothing said since, when it pings, then the pong is ahead of its version, it syncs and shows the line, on the same socket', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    const controller = await seatTwoSocket(server.wsUrl, table, {
      store: new MemoryStore(),
      onProblem: () => {},
      pingMs: 300,
    });
    try {
      const real = controller.version;
      const bindings = await server.app.deps.directory.connectionsOf(table.gameId);
      const connections = bindings.length;
      losingNext.add(bindings.at(-1)?.connectionId as string);

      const said = await table.player(1).command({ type: 'say', channel: 'table', text: 'lost on the way' });
      const version = said.type === 'ack' ? said.version : 0;
      expect(version).toBeGreaterThan(real);

      await until(() => controller.version === version, 'the sync after the pong');
      expect(controller.chat.map((m) => m.text)).toEqual(['lost on the way']);
      expect(await server.app.deps.directory.connectionsOf(table.gameId)).toHaveLength(connections);
    } finally {
      controller.close();
      await table.close();
    }
  });
});
