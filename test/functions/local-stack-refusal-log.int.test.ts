import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { GameClient } from '../support/ws-client.js';

type Line = Record<string, unknown>;
const lines: Line[] = [];
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    store: 'memory',
    log: (line) => lines.push(line as Line),
    limits: { refusalLog: { lines: 5, perMs: 400 } },
  });
});
afterAll(() => server?.close());

const refused = () => lines.filter((l) => l.outcome === 'bad_json' || l.outcome === 'rate_limited');
const held = () => lines.filter((l) => l.outcome === 'refusals_held');

describe('local stack: a flood of refused frames cannot flood the log', () => {
  it('given one address sending five hundred bad frames, when they are refused, then five are logged and the rest are counted in one line once the window ends', async () => {
    const flood = await GameClient.open(server.wsUrl);
    try {
      for (let i = 0; i < 500; i++) flood.send('not json');
      const until = Date.now() + 10_000;
      while (flood.frames.length < 500 && Date.now() < until) await sleep(10);
      expect(flood.frames).toHaveLength(500);
      expect(flood.frames.every((f) => f.type === 'error')).toBe(true);
      expect(refused()).toHaveLength(5);
      expect(held()).toHaveLength(0);

      // The window over, the next refusal brings the count of what was held.
      await sleep(450);
      flood.send('not json either');
      while (held().length === 0 && Date.now() < until) await sleep(10);
      const [summary] = held();
      expect(summary).toMatchObject({ level: 'warn', action: 'refused', count: 495 });
      const outcomes = summary.outcomes as Record<string, number>;
      expect(Object.values(outcomes).reduce((a, b) => a + b, 0)).toBe(495);
      expect(Object.keys(outcomes).every((o) => o === 'bad_json' || o === 'rate_limited')).toBe(true);
      expect(refused()).toHaveLength(6);
    } finally {
      await flood.close();
    }
  });

  it('given frames that are answered, when they come, then each still has its line', async () => {
    const player = await GameClient.open(server.wsUrl);
    try {
      const before = lines.filter((l) => l.action === 'ping').length;
      for (let i = 0; i < 3; i++) await player.request({ action: 'ping' }, (f) => f.type === 'pong');
      expect(lines.filter((l) => l.action === 'ping').length - before).toBe(3);
    } finally {
      await player.close();
    }
  });
});
