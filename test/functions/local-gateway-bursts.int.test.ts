import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LocalGateway } from '../../functions/local/gateway.js';
import type { WsEvent } from '../../functions/middleware/ws-event.js';

/** What the routes saw, in the order they were invoked, and whether the event loop turned in between. */
const seen: string[] = [];
let gateway: LocalGateway | undefined;

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  seen.length = 0;
});

/** Holds the thread as a command's decide and append would, without ever yielding to the event loop. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

async function start(): Promise<string> {
  let ids = 0;
  gateway = new LocalGateway({
    routes: {
      connect: async () => ({ statusCode: 200 }),
      message: async (event: WsEvent) => {
        if (seen.length === 0) setImmediate(() => seen.push('loop turned'));
        seen.push(`${event.requestContext.connectionId}:${event.body}`);
        busy(2);
        return { statusCode: 200 };
      },
      disconnect: async (event: WsEvent) => {
        seen.push(`${event.requestContext.connectionId}:gone`);
        return { statusCode: 200 };
      },
    },
    newConnectionId: () => `c${++ids}`,
    fallback: (_req, res) => res.writeHead(404).end(),
    log: () => {},
  });
  const port = await gateway.listen(0, '127.0.0.1');
  return `ws://127.0.0.1:${port}/ws`;
}

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

/** Frames written in one go, so that the server reads them together, as it reads a burst. */
function burst(ws: WebSocket, frames: string[]): void {
  const raw = (ws as unknown as { _socket: Socket })._socket;
  raw.cork();
  for (const frame of frames) ws.send(frame);
  raw.uncork();
}

const until = async (done: () => boolean) => {
  const limit = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > limit) throw new Error(`timed out; seen: ${seen.join(', ')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('local gateway: received frames are worked off in slices', () => {
  it('given a burst of frames read together, when each takes the thread for a while, then the event loop turns before the last is handed on, and each is handed on once, in order', async () => {
    const url = await start();
    const ws = await open(url);
    const frames = Array.from({ length: 30 }, (_, i) => `f${i}`);
    burst(ws, frames);
    await until(() => seen.filter((s) => s.startsWith('c1:f')).length === frames.length);
    const turned = seen.indexOf('loop turned');
    expect(turned).toBeGreaterThan(0);
    expect(turned).toBeLessThan(seen.indexOf('c1:f29'));
    expect(seen.filter((s) => s !== 'loop turned')).toEqual(frames.map((f) => `c1:${f}`));
    ws.close();
  });

  it('given a socket that closes right after its burst, when the frames wait in the inbox, then its disconnect comes after every one of them', async () => {
    const url = await start();
    const ws = await open(url);
    const other = await open(url);
    burst(ws, ['a', 'b', 'c', 'd', 'e', 'f']);
    ws.close();
    other.send('x');
    await until(() => seen.includes('c1:gone') && seen.includes('c2:x'));
    const mine = seen.filter((s) => s.startsWith('c1:'));
    expect(mine).toEqual(['c1:a', 'c1:b', 'c1:c', 'c1:d', 'c1:e', 'c1:f', 'c1:gone']);
    other.close();
  });
});

describe('local gateway: what a socket is sent in one turn leaves in one write', () => {
  it('given five frames posted to a socket in one turn, when the loop turns, then they reach the wire in one write, in order', async () => {
    const url = await start();
    const ws = await open(url);
    const received: string[] = [];
    ws.on('message', (data) => received.push(data.toString()));
    await until(() => gateway?.connections() === 1);
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
    const original = { _write: proto._write, _writev: proto._writev };
    let writes = 0;
    for (const name of ['_write', '_writev'] as const) {
      proto[name] = function (this: Socket, ...args: unknown[]) {
        writes++;
        return original[name].apply(this, args);
      };
    }
    try {
      for (let i = 0; i < 5; i++) expect(gateway?.post('c1', `{"n":${i}}`)).toBe('sent');
      await until(() => received.length === 5);
    } finally {
      Object.assign(proto, original);
    }
    expect(writes).toBe(1);
    expect(received).toEqual([0, 1, 2, 3, 4].map((n) => `{"n":${n}}`));
    ws.close();
  });
});
