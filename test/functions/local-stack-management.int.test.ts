import { networkInterfaces } from 'node:os';
import { ApiGatewayManagementApiClient, GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayFanOut } from '../../functions/adapters/aws/apigw/fan-out.js';
import type { LogLine } from '../../functions/app/log.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { LocalTable } from '../support/local-table.js';

let server: RunningServer;
const lines: LogLine[] = [];

beforeAll(async () => {
  // Every interface, as `npm start` listens for the phones on the network.
  server = await startServer({ port: 0, host: '0.0.0.0', store: 'memory', log: (line) => lines.push(line) });
});
afterAll(() => server?.close());

const connectionIds = async (gameId: string) =>
  (await server.app.deps.directory.connectionsOf(gameId)).map((c) => c.connectionId);

/** This machine's address on its network, if it has one. */
const lan = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal);

const forged = JSON.stringify({ type: 'view', version: 999_999, view: {} });

describe('local stack: the management API is not open to the network', () => {
  it('given a player who learnt another connection id, when he posts to /@connections on the game port, then nothing is delivered', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    try {
      const [victim] = await connectionIds(table.gameId);
      for (const path of [`/@connections/${victim}`, `/prod/@connections/${victim}`]) {
        const post = await fetch(`${server.url}${path}`, { method: 'POST', body: forged });
        expect(post.status).toBe(404);
        expect((await fetch(`${server.url}${path}`, { method: 'DELETE' })).status).toBe(404);
        expect(await (await fetch(`${server.url}${path}`)).text()).not.toMatch(/sourceIp/);
      }
      await new Promise((r) => setTimeout(r, 100));
      for (const c of table.everyone()) expect(c.version()).toBeLessThan(999_999);
      expect(table.everyone().every((c) => c.open)).toBe(true);
    } finally {
      await table.close();
    }
  });

  it('given the management port, when it is asked without the secret or with a wrong one, then it refuses; with it, the real SDK client works', async () => {
    const table = await LocalTable.open(server.wsUrl, 1);
    try {
      const [victim] = await connectionIds(table.gameId);
      const endpoint = new URL(server.managementEndpoint);
      expect(endpoint.hostname).toBe('127.0.0.1');
      const root = `${endpoint.protocol}//${endpoint.host}`;
      for (const path of [`/@connections/${victim}`, `/wrong-secret/@connections/${victim}`]) {
        expect((await fetch(`${root}${path}`, { method: 'POST', body: forged })).status).toBe(403);
        expect((await fetch(`${root}${path}`)).status).toBe(403);
      }
      const client = new ApiGatewayManagementApiClient({
        endpoint: server.managementEndpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
        maxAttempts: 1,
      });
      try {
        const got = await client.send(new GetConnectionCommand({ ConnectionId: victim }));
        expect(got.ConnectedAt).toBeInstanceOf(Date);
        expect(await new ApiGatewayFanOut(client).post(victim, { type: 'pong' })).toBe('sent');
        await table.host.waitFor((f): f is { type: 'pong' } => f.type === 'pong');
      } finally {
        client.destroy();
      }
    } finally {
      await table.close();
    }
  });

  it.skipIf(lan === undefined)(
    'given an address of this machine other than loopback, when the management port is reached through it, then the connection is refused',
    async () => {
      const port = new URL(server.managementEndpoint).port;
      await expect(fetch(`http://${lan?.address}:${port}/`)).rejects.toThrow();
    },
  );

  it('given a game played through, when the log is read, then no line names a connection in full', async () => {
    const table = await LocalTable.open(server.wsUrl, 3);
    const ids = await connectionIds(table.gameId);
    await table.player(1).command({ type: 'say', channel: 'table', text: 'hello' });
    await table.close();
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).toMatch(/"connection"/);
    for (const id of ids) expect(text).not.toContain(id);
  });
});
