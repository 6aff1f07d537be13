import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame } from '../../shared/index.js';
import { LocalTable } from '../support/local-table.js';

type ChatFrame = Extract<ServerFrame, { type: 'chat' }>;

const BOUND = 256 * 1024;
/** Lines of the flood: enough bytes to pass what the kernel buffers for a reader that stopped. */
const ROUNDS = 3000;
/** Longer than the flood takes on a loaded machine: only the jump of the clock below ends it. */
const SLOW_SOCKET_MS = 120_000;
const clock = new JumpingClock();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    store: 'memory',
    quiet: true,
    maxBufferedBytes: BOUND,
    slowSocketMs: SLOW_SOCKET_MS,
    clock,
    // The flood must reach the sockets: chat and the host's changes are not rate limited here.
    limits: {
      frames: { perSecond: 1e4, burst: 1e4 },
      chat: { perSecond: 1e4, burst: 1e4 },
      commands: { perSecond: 1e4, burst: 1e4 },
    },
  });
});
afterAll(() => server?.close());

interface Health {
  connections: number;
  buffered: { bytes: number; slow: number; closedSlow: number };
}
const health = async (): Promise<Health> => (await fetch(`${server.url}/healthz`)).json() as Promise<Health>;

describe('local stack: sockets that stop reading cannot grow the server', () => {
  it('given six players who stop reading while a seventh floods the chat, when the flood goes on, then each slow socket holds at most its bound plus one view, catches up with only the newest view, or is closed', async () => {
    const table = await LocalTable.open(server.wsUrl, 7);
    try {
      const [, catchingUp, ...stuck] = table.players;
      for (const p of [catchingUp, ...stuck]) p.stopReading();
      let worst = 0;
      const sampling = setInterval(() => {
        void health().then((h) => {
          worst = Math.max(worst, h.buffered.bytes);
        });
      }, 50);
      const text = 'ж'.repeat(490);
      // Lines, each followed by a change of the settings: the line is a chat frame of about 1 KB for every
      // socket, the change a whole view (a few KB: the chat is not in it), which a slow socket holds only the
      // newest of. Sent twenty at a time, so that enough of them pass the kernel's buffers quickly.
      let final = 0;
      for (let batch = 0; batch < ROUNDS / 20; batch++) {
        const replies = await Promise.all(
          Array.from({ length: 20 }, async (_, j) => {
            const i = batch * 20 + j;
            const reply = await table
              .player(1)
              .command({ type: 'say', channel: 'table', text: `${i} ${text}` });
            const changed = await table.host.command({
              type: 'configure',
              settings: { selfVote: i % 2 === 0 },
            });
            return [reply, changed] as const;
          }),
        );
        for (const [reply, changed] of replies) {
          expect(reply.type).toBe('ack');
          expect(changed.type, JSON.stringify(changed)).toBe('ack');
        }
      }
      // The last change, alone: two of a batch may have set the same value, and a view that did not change
      // is sent to nobody.
      await table.host.waitForView(() => true, 30_000, 2 * ROUNDS);
      const last = await table.host.command({
        type: 'configure',
        settings: { selfVote: !table.host.latest()?.settings.selfVote },
      });
      if (last.type === 'ack') final = last.version;
      clearInterval(sampling);

      // Bound plus one view per socket that stopped reading, plus the chat frames written past the bound
      // (a chat frame is never held, a view misses it), and the two readers.
      expect(worst).toBeLessThan(6 * (BOUND + 64 * 1024 + ROUNDS * 1100) + 2 * 128 * 1024);
      const during = await health();
      expect(during.buffered.slow + during.buffered.closedSlow).toBeGreaterThan(0);

      catchingUp.startReading();
      const caughtUp = await catchingUp.waitForView(() => true, 30_000, final);
      expect(caughtUp.version).toBe(final);
      // Every line reached it (a chat frame is never held): the last frame ends at the last line said.
      const lines = catchingUp.frames.filter((f): f is ChatFrame => f.type === 'chat').at(-1);
      expect((lines?.from ?? 0) + (lines?.messages.length ?? 0)).toBe(ROUNDS);
      expect(catchingUp.frames.filter((f) => f.type === 'view').length).toBeLessThan(ROUNDS / 2);
      await table.host.waitForView(() => true, 30_000, final);

      // The sockets still behind have been behind for as long as a slow socket may be.
      clock.jumpTo(clock.now() + SLOW_SOCKET_MS + 1);
      const until = Date.now() + 20_000;
      let after = await health();
      // A cut socket leaves the count once its close event has run.
      while ((after.buffered.closedSlow < stuck.length || after.connections > 3) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        after = await health();
      }
      expect(after.buffered.closedSlow).toBe(stuck.length);
      expect(after.connections).toBe(3);
      expect(after.buffered.bytes).toBeLessThan(BOUND);
      expect(
        (await table.player(1).command({ type: 'say', channel: 'table', text: 'still here' })).type,
      ).toBe('ack');
    } finally {
      for (const p of table.players) p.startReading();
      await table.close();
    }
  }, 120_000);
});
