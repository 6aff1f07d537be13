import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { LocalTable } from '../support/local-table.js';
import { is } from '../support/ws-client.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true });
});
afterAll(() => server?.close());

describe('local stack: the protocol as written', () => {
  it('given a socket that already holds the newest view, when it sends sync, then it gets the full view again', async () => {
    const table = await LocalTable.open(server.wsUrl, 1);
    try {
      const player = table.player(1);
      const held = player.version();
      const answer = await player.request({ action: 'sync' }, is('view'));
      expect(answer.version).toBe(held);
      expect(answer.view.seat).toBe(1);
    } finally {
      await table.close();
    }
  });
});
