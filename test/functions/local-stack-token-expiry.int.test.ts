import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { jumpToEnd } from '../support/jump.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';

let server: RunningServer;
const clock = new JumpingClock();

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true, clock });
});
afterAll(() => server?.close());

describe('local stack: tokens expire after their game', () => {
  it('given a finished game, when its tokens are used within a day, then they resume it; after a day, the seat’s and the host’s are refused', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.start();
      await jumpToEnd(server, clock, table);
      const player = table.player(1);
      const late = await GameClient.open(server.wsUrl);
      try {
        clock.jumpTo(clock.now() + 23 * 3600_000);
        expect((await late.resume(table.gameId, player.token)).type).toBe('view');
        expect((await late.resume(table.gameId, table.host.token)).type).toBe('view');

        clock.jumpTo(clock.now() + 3600_000);
        for (const token of [player.token, table.host.token]) {
          const refused = await late.resume(table.gameId, token);
          expect(refused).toMatchObject({ type: 'error', code: 'bad_token' });
          expect((refused as { message: string }).message).toMatch(/over and its seats are closed/);
        }
      } finally {
        await late.close();
      }
    } finally {
      await table.close();
    }
  });
});
