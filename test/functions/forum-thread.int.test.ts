import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame } from '../../shared/index.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';

type ThreadFrame = Extract<ServerFrame, { type: 'thread' }>;
const isThread = (f: ServerFrame): f is ThreadFrame => f.type === 'thread';
const clock = new JumpingClock();
let server: RunningServer;

beforeAll(async () => {
  // Seventy messages in a row: more than a person writes, so chat's own limit is lifted here.
  server = await startServer({
    port: 0,
    store: 'memory',
    clock,
    quiet: true,
    limits: { chat: { perSecond: 1000, burst: 1000 } },
  });
});
afterAll(() => server.close());

describe('the forum thread: the table channel’s whole history, page by page', () => {
  it('given 70 table messages and the mafia’s own, when a reader pages back, then he gets every table message once, in order, and nothing of the mafia', async () => {
    // given a forum day where the seven players write ten messages each, then a night the mafia talks in
    const table = await LocalTable.open(server.wsUrl, 7, { preset: 'forum' });
    await table.start();
    for (let round = 0; round < 10; round++) {
      for (const player of table.players) {
        const said = await player.command({
          type: 'say',
          channel: 'table',
          text: `m${round}.${player.seat}`,
        });
        expect(said.type).toBe('ack');
      }
    }
    await jumpToDeadline(server, clock, table.gameId);
    const mafioso = table.players.find((p) => p.latest()?.you?.team === 'mafia');
    expect((await mafioso?.command({ type: 'say', channel: 'mafia', text: 'secret' }))?.type).toBe('ack');
    await server.settle();

    // when seat 5 asks for the thread, then for what came before
    const reader = table.player(5);
    const latest = await reader.request({ action: 'thread' }, isThread);
    const earlier = await reader.request({ action: 'thread', before: latest.from }, isThread);

    // then the pages join into the whole table channel
    expect([latest.total, latest.from, latest.messages.length]).toEqual([70, 20, 50]);
    expect([earlier.from, earlier.messages.length]).toEqual([0, 20]);
    const texts = [...earlier.messages, ...latest.messages].map((m) => m.text);
    expect(texts[0]).toBe('m0.1');
    expect(texts.at(-1)).toBe('m9.7');
    expect(new Set(texts).size).toBe(70);
    expect(texts).not.toContain('secret');
    await Promise.all([table.host, ...table.players].map((c) => c.close()));
  });

  it('given a connection in no game, when it asks for the thread, then it is not_bound', async () => {
    const stranger = await GameClient.open(server.wsUrl);
    const reply = await stranger.request(
      { action: 'thread' },
      (f): f is Extract<ServerFrame, { type: 'error' }> => f.type === 'error',
    );
    expect(reply.code).toBe('not_bound');
    await stranger.close();
  });
});
