import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { GameClient } from '../support/ws-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true });
});
afterAll(() => server?.close());

describe('local stack: leaving the table', () => {
  it('given a player in the lobby, when he leaves, then his socket gets the ack first, then word that his seat is gone, and his token opens nothing', async () => {
    const host = await GameClient.open(server.wsUrl);
    const bob = await GameClient.open(server.wsUrl);
    const again = await GameClient.open(server.wsUrl);
    try {
      const created = await host.create({ preset: 'online' }, 'Hana');
      const joined = await bob.join(created.code, 'Bob');
      const before = bob.frames.length;
      const reply = await bob.command({ type: 'leave' });
      expect(reply.type).toBe('ack');
      const deadline = Date.now() + 5000;
      while (bob.frames.slice(before).every((f) => f.type !== 'error') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const after = bob.frames.slice(before).map((f) => (f.type === 'error' ? `error ${f.code}` : f.type));
      expect(after.filter((t) => t === 'ack' || t.startsWith('error'))).toEqual(['ack', 'error bad_token']);
      const resumed = await again.request(
        { action: 'resume', gameId: created.gameId, token: joined.token },
        (f) => f.type === 'view' || f.type === 'error',
      );
      expect(resumed).toMatchObject({ type: 'error', code: 'bad_token' });
    } finally {
      await Promise.all([host.close(), bob.close(), again.close()]);
    }
  });
});
