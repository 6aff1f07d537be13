import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayFanOut } from '../../functions/adapters/aws/apigw/fan-out.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { FanOut } from '../../functions/ports/fan-out.js';
import type { ServerFrame } from '../../shared/index.js';
import { GameClient } from '../support/ws-client.js';

/** A fan-out under test, with live connections to post to and a way to see what each received. */
interface Subject {
  fanOut: FanOut;
  /** A connection that is open now. */
  connect(): Promise<string>;
  received(connectionId: string): Promise<ServerFrame[]>;
  /** The connection goes away (the client closed it). */
  hangUp(connectionId: string): Promise<void>;
  close(): Promise<void>;
}

function fanOutContract(name: string, open: () => Promise<Subject>): void {
  describe(`FanOut contract — ${name}`, () => {
    let subject: Subject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it('given a live connection, when frames are posted, then they arrive intact and in order', async () => {
      const id = await subject.connect();
      const frames: ServerFrame[] = [
        { type: 'pong' },
        { type: 'ack', commandId: 'c-1', version: 7 },
        { type: 'error', code: 'bad_json', message: 'ünïcödé ✓' },
      ];
      for (const frame of frames) expect(await subject.fanOut.post(id, frame)).toBe('sent');
      expect(await subject.received(id)).toEqual(frames);
    });

    it('given a connection that went away, when a frame is posted, then the result is gone, not an error', async () => {
      const id = await subject.connect();
      await subject.hangUp(id);
      expect(await subject.fanOut.post(id, { type: 'pong' })).toBe('gone');
    });

    it('given a connection id never seen, when a frame is posted, then the result is gone', async () => {
      expect(await subject.fanOut.post('never-connected', { type: 'pong' })).toBe('gone');
    });
  });
}

fanOutContract('in-memory twin', async () => {
  const fanOut = new MemoryFanOut();
  let n = 0;
  return {
    fanOut,
    connect: async () => {
      const id = `memory-${++n}`;
      fanOut.open(id);
      return id;
    },
    received: async (id) => fanOut.sent(id),
    hangUp: async (id) => fanOut.gone(id),
    close: async () => {},
  };
});

/** A socket on the local server whose connection id is known: it creates a game and is bound as its host. */
async function boundClient(server: RunningServer): Promise<{ client: GameClient; connectionId: string }> {
  const client = await GameClient.open(server.wsUrl);
  const created = await client.create({});
  const [binding] = await server.app.deps.directory.connectionsOf(created.gameId);
  return { client, connectionId: binding.connectionId };
}

const managementClient = (endpoint: string) =>
  new ApiGatewayManagementApiClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });

fanOutContract('API Gateway management API (real SDK client, local gateway)', async () => {
  const server = await startServer({ port: 0, store: 'memory', quiet: true });
  // The secret stands where the stage name does in WS_ENDPOINT on AWS.
  const client = managementClient(server.managementEndpoint);
  const clients = new Map<string, GameClient>();
  return {
    fanOut: new ApiGatewayFanOut(client),
    connect: async () => {
      const bound = await boundClient(server);
      clients.set(bound.connectionId, bound.client);
      return bound.connectionId;
    },
    received: async (id) => {
      const socket = clients.get(id)!;
      const from = socket.frames.findIndex((f) => f.type === 'created') + 1;
      const frames = () => socket.frames.slice(from).filter((f) => f.type !== 'view');
      // Posted frames are on their way to the socket: wait until no more arrive.
      let count = -1;
      while (frames().length !== count) {
        count = frames().length;
        await new Promise((r) => setTimeout(r, 50));
      }
      return frames();
    },
    hangUp: async (id) => {
      await clients.get(id)?.close();
      while ((await server.app.deps.directory.connection(id)) !== null)
        await new Promise((r) => setTimeout(r, 5));
    },
    close: async () => {
      for (const c of clients.values()) await c.close();
      client.destroy();
      await server.close();
    },
  };
});

describe('local management API with the real client', () => {
  let server: RunningServer;
  let client: ApiGatewayManagementApiClient;
  beforeAll(async () => {
    server = await startServer({ port: 0, store: 'memory', quiet: true });
    client = managementClient(server.managementEndpoint);
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
  });

  it('given a live socket, when GetConnection is asked, then it describes the connection', async () => {
    const { client: socket, connectionId } = await boundClient(server);
    const got = await client.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(got.ConnectedAt).toBeInstanceOf(Date);
    expect(got.Identity?.SourceIp).toMatch(/127\.0\.0\.1/);
    await socket.close();
  });

  it('given a live socket, when DeleteConnection is sent, then the socket closes and later posts are gone', async () => {
    const { client: socket, connectionId } = await boundClient(server);
    await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    while (socket.open) await new Promise((r) => setTimeout(r, 5));
    expect(await new ApiGatewayFanOut(client).post(connectionId, { type: 'pong' })).toBe('gone');
    await expect(client.send(new GetConnectionCommand({ ConnectionId: connectionId }))).rejects.toMatchObject(
      {
        name: 'GoneException',
      },
    );
  });
});
