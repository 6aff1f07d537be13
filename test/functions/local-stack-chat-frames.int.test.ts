import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { FanOut } from '../../functions/ports/fan-out.js';
import type { ServerFrame } from '../../shared/index.js';
import { driveToNightOne } from '../support/jump.js';
import { LONG_NIGHTS, LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { type GameClient, is } from '../support/ws-client.js';

/** Connections whose next chat frame is lost on the way (a post that fails after the adapter's retries). */
const losingNextChat = new Set<string>();

let server: RunningServer;
const clock = new JumpingClock();

beforeAll(async () => {
  server = await startServer({
    port: 0,
    store: 'memory',
    quiet: true,
    clock,
    faults: {
      fanOut: (inner): FanOut => ({
        post: async (connectionId, frame, text) => {
          if (frame.type === 'chat' && losingNextChat.delete(connectionId))
            throw new Error('ForbiddenException: 403');
          return inner.post(connectionId, frame, text);
        },
      }),
    },
  });
});
afterAll(() => server?.close());

type ChatFrame = Extract<ServerFrame, { type: 'chat' }>;
const bytes = (frame: ServerFrame) => Buffer.byteLength(JSON.stringify(frame));
const settle = () => new Promise((r) => setTimeout(r, 300));
const chatFramesOf = (client: GameClient, from: number) =>
  client.frames.slice(from).filter((f): f is ChatFrame => f.type === 'chat');

describe('local stack: a chat line is a frame of its own, to its readers only', () => {
  it('given night 1, when a mafioso writes on the mafia channel, then each living mafioso gets one small chat frame of that line, every other living seat a cover frame of its size, and the host and the dead nothing', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, LONG_NIGHTS);
    try {
      await table.start();
      await driveToNightOne(server, clock, table);
      const alive = (seat: number) => table.host.latest()?.seats.find((s) => s.seat === seat)?.alive;
      const mafia = table.mafia().filter(alive);
      if (mafia.length === 0) throw new Error('no mafia left');
      await settle();
      const before = new Map([table.host, ...table.players].map((c) => [c, c.frames.length]));

      const said = await table
        .player(mafia[0])
        .command({ type: 'say', channel: 'mafia', text: 'the sheriff is 3' });
      expect(said.type).toBe('ack');
      await server.settle();
      await settle();

      for (const client of [table.host, ...table.players]) {
        const from = before.get(client) ?? 0;
        const got = client.frames.slice(from).filter((f) => f.type !== 'ack');
        if (typeof client.seat === 'number' && mafia.includes(client.seat)) {
          expect(got.map((f) => f.type)).toEqual(['chat']);
          const [frame] = chatFramesOf(client, from);
          expect(frame.messages.map((m) => m.text)).toEqual(['the sheriff is 3']);
          expect(bytes(frame)).toBe(1024);
        } else if (typeof client.seat === 'number' && alive(client.seat)) {
          expect(got.map((f) => f.type)).toEqual(['cover']);
          expect(bytes(got[0])).toBe(1024);
        } else expect(got, `seat ${client.seat}`).toEqual([]);
      }
    } finally {
      await table.close();
    }
  });
});

describe('local stack: a seat that missed a chat frame heals itself', () => {
  it('given the lobby chatting and one chat frame to a seat lost, when the next line comes, then it starts past the lines the seat holds, and a sync brings the whole chat as a page', async () => {
    const table = await LocalTable.open(server.wsUrl, 3, SLOW_ONLINE);
    try {
      await server.settle();
      await settle();
      const seat2 = table.player(2);
      const connection = (await server.app.deps.directory.connectionsOf(table.gameId)).find(
        (c) => c.seat === 2,
      )?.connectionId;
      losingNextChat.add(connection ?? '');

      const speaker = table.player(1);
      expect((await speaker.command({ type: 'say', channel: 'table', text: 'hello' })).type).toBe('ack');
      await server.settle();
      const from = seat2.frames.length;
      const second = await speaker.command({ type: 'say', channel: 'table', text: 'anyone there?' });
      expect(second.type).toBe('ack');
      const version = second.type === 'ack' ? second.version : 0;

      const frame = await seat2.waitFor(is('chat'), 5000, from);
      expect(frame).toMatchObject({ version, channel: 'table', from: 1 });
      expect(seat2.chat()).toEqual([]);

      const mark = seat2.frames.length;
      const sync = await seat2.request({ action: 'sync' }, is('view'));
      expect(sync.version).toBe(version);
      expect(sync.view.chat).toEqual(['table']);
      const page = await seat2.waitFor(is('thread'), 5000, mark);
      expect(page).toMatchObject({ version, channel: 'table', from: 0, total: 2 });
      expect(seat2.chat().map((m) => m.text)).toEqual(['hello', 'anyone there?']);
    } finally {
      losingNextChat.clear();
      await table.close();
    }
  });
});
