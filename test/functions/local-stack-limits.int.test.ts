import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame } from '../../shared/index.js';
import { LocalTable } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true });
});
afterAll(() => server?.close());

const codesOf = (frames: ServerFrame[]) =>
  frames.map((f) =>
    f.type === 'ack' ? 'ack' : f.type === 'rejected' || f.type === 'error' ? f.code : f.type,
  );

describe('local stack: a connection that asks too much is held back, others are not', () => {
  it('given a player flooding the chat, when he sends twenty messages at once, then the rest are rejected as rate_limited while his neighbour chats on', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    try {
      const flood = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          table.player(1).command({ type: 'say', channel: 'table', text: `spam ${i}` }),
        ),
      );
      const outcomes = codesOf(flood);
      expect(outcomes.filter((o) => o === 'ack').length).toBeLessThanOrEqual(6);
      expect(outcomes.filter((o) => o === 'rate_limited').length).toBeGreaterThanOrEqual(14);
      const limited = flood.find((f) => f.type === 'rejected');
      expect(limited).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/slow down/) });
      const neighbour = await table.player(2).command({ type: 'say', channel: 'table', text: 'hello' });
      expect(neighbour.type).toBe('ack');
      // The bucket refills: a second later the flooder may talk again.
      await new Promise((r) => setTimeout(r, 1100));
      expect((await table.player(1).command({ type: 'say', channel: 'table', text: 'sorry' })).type).toBe(
        'ack',
      );
    } finally {
      await table.close();
    }
  });

  it('given a player sending commands in a loop, when he sends fifty at once, then the rest are rejected as rate_limited and the host is unaffected', async () => {
    const table = await LocalTable.open(server.wsUrl, 2);
    try {
      const burst = await Promise.all(
        Array.from({ length: 50 }, () => table.player(1).command({ type: 'withdraw' })),
      );
      const outcomes = codesOf(burst);
      expect(outcomes.filter((o) => o === 'rate_limited').length).toBeGreaterThanOrEqual(25);
      expect(outcomes.filter((o) => o === 'rate_limited').length).toBeLessThanOrEqual(31);
      expect((await table.host.command({ type: 'configure', settings: { chat: true } })).type).toBe('ack');
    } finally {
      await table.close();
    }
  });

  it('given a socket sending frames as fast as it can, when it sends a hundred pings, then it is told rate_limited and stays open', async () => {
    const client = await GameClient.open(server.wsUrl);
    try {
      for (let i = 0; i < 100; i++) client.send({ action: 'ping' });
      const limited = await client.waitFor(is('error'));
      expect(limited.code).toBe('rate_limited');
      await new Promise((r) => setTimeout(r, 1000));
      expect(await client.request({ action: 'ping' }, is('pong'))).toEqual({ type: 'pong' });
    } finally {
      await client.close();
    }
  });
});

describe('local stack: a command refused by the limit on frames', () => {
  it('given a connection over its frames, when it sends commands, then each is rejected rate_limited with its own commandId, so no wait is left hanging', async () => {
    const own = await startServer({
      port: 0,
      store: 'memory',
      quiet: true,
      limits: { frames: { perSecond: 0.1, burst: 4 }, commands: { perSecond: 100, burst: 100 } },
    });
    const table = await LocalTable.open(own.wsUrl, 2);
    try {
      const burst = await Promise.all(
        Array.from({ length: 10 }, () => table.player(1).command({ type: 'withdraw' })),
      );
      const limited = burst.filter((r) => r.type === 'rejected' && r.code === 'rate_limited');
      expect(limited.length).toBeGreaterThanOrEqual(6);
      expect(limited[0]).toMatchObject({ message: 'too many frames: slow down' });
      expect(new Set(burst.map((r) => r.commandId)).size).toBe(10);
    } finally {
      await table.close();
      await own.close();
    }
  });
});

describe('local stack: room codes cannot be tried by the thousand', () => {
  it('given one connection guessing codes, when it tries twenty, then after a few every answer is rate_limited', async () => {
    const client = await GameClient.open(server.wsUrl);
    try {
      const answers: string[] = [];
      for (let i = 0; i < 20; i++) {
        const reply = await client.request({ action: 'join', code: `QQQ${i}Q`, name: 'Guess' }, is('error'));
        answers.push(reply.code);
      }
      expect(answers.slice(0, 5)).toEqual(Array(5).fill('no_game'));
      expect(answers.filter((a) => a === 'rate_limited').length).toBeGreaterThanOrEqual(14);
    } finally {
      await client.close();
    }
  });

  it('given many connections from one address guessing codes, when each tries a few, then the address is held back', async () => {
    const own = await startServer({
      port: 0,
      store: 'memory',
      quiet: true,
      limits: { joinsPerAddress: { perSecond: 0.5, burst: 8 } },
    });
    const clients = await Promise.all(Array.from({ length: 4 }, () => GameClient.open(own.wsUrl)));
    try {
      const answers: string[] = [];
      for (const [n, client] of clients.entries()) {
        for (let i = 0; i < 4; i++) {
          const reply = await client.request(
            { action: 'join', code: `WW${n}${i}W`, name: 'Guess' },
            is('error'),
          );
          answers.push(reply.code);
        }
      }
      expect(answers.filter((a) => a === 'no_game').length).toBe(8);
      expect(answers.slice(8)).toEqual(Array(8).fill('rate_limited'));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await own.close();
    }
  });
});
