import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { finishWithJumps } from '../support/finish-game.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

let server: RunningServer;
const clock = new JumpingClock();

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true, clock });
});
afterAll(() => server?.close());

/** The answer to a join, with the code it names taken out: what a guesser learns. */
async function answerTo(code: string): Promise<{ code: string; message: string }> {
  const guesser = await GameClient.open(server.wsUrl);
  try {
    const reply = await guesser.request({ action: 'join', code, name: 'Guess' }, is('error'));
    return { code: reply.code, message: reply.message.replace(code, '<code>') };
  } finally {
    await guesser.close();
  }
}

describe('local stack: room codes tell nothing and come back', () => {
  it('given a room whose game has started, when someone joins with its code, then the answer is the same as for a code nobody holds', async () => {
    const table = await LocalTable.open(server.wsUrl, 7);
    try {
      await table.start();
      const closed = await answerTo(table.code);
      expect(closed).toEqual(await answerTo('YYYYY'));
      expect(closed.code).toBe('no_game');
    } finally {
      await table.close();
    }
  });

  it('given a game played to its end, when it is over, then its code leads nowhere while the game can still be resumed', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.start();
      await finishWithJumps(table, () => jumpToDeadline(server, clock, table.gameId), 40_000);
      const until = Date.now() + 5000;
      while ((await server.app.deps.directory.gameForCode(table.code)) !== null && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      expect(await server.app.deps.directory.gameForCode(table.code)).toBeNull();
      expect(await answerTo(table.code)).toEqual(await answerTo('YYYYY'));
      const back = await GameClient.open(server.wsUrl);
      const view = await back.resume(table.gameId, table.player(1).token);
      expect(view).toMatchObject({ type: 'view', view: { over: true } });
      await back.close();
    } finally {
      await table.close();
    }
  }, 60_000);
});

describe('local stack: one address cannot hold a flood of rooms', () => {
  it('given an address at its bound of open rooms, when it creates one more, then it is refused until one of its rooms closes', async () => {
    const own = await startServer({
      port: 0,
      store: 'memory',
      quiet: true,
      limits: { roomsPerAddress: 3, joinsPerAddress: null },
    });
    const hosts: GameClient[] = [];
    try {
      const create = async () => {
        const host = await GameClient.open(own.wsUrl);
        hosts.push(host);
        return host.request(
          { action: 'create', settings: { preset: 'online' }, name: 'Hana' },
          (f) => f.type === 'created' || f.type === 'error',
        );
      };
      for (let i = 0; i < 3; i++) expect((await create()).type).toBe('created');
      const refused = await create();
      expect(refused).toMatchObject({ type: 'error', code: 'rate_limited' });

      // The first room starts its game: it no longer counts.
      const first = hosts[0];
      const created = first.frames.find((f) => f.type === 'created');
      if (created?.type !== 'created') throw new Error('no room');
      for (let i = 1; i <= 7; i++) {
        const player = await GameClient.open(own.wsUrl);
        hosts.push(player);
        await player.join(created.code, `Player ${i}`);
      }
      expect((await first.command({ type: 'start' })).type).toBe('ack');
      expect((await create()).type).toBe('created');
    } finally {
      await Promise.all(hosts.map((h) => h.close()));
      await own.close();
    }
  });

  it('given thirty creates from one address at once, when they race, then ten rooms open and twenty are refused', async () => {
    const own = await startServer({ port: 0, store: 'memory', quiet: true });
    const hosts = await Promise.all(Array.from({ length: 30 }, () => GameClient.open(own.wsUrl)));
    try {
      const answers = await Promise.all(
        hosts.map((host) =>
          host.request(
            { action: 'create', settings: { preset: 'online' }, name: 'Hana' },
            (f) => f.type === 'created' || f.type === 'error',
          ),
        ),
      );
      expect(answers.filter((a) => a.type === 'created')).toHaveLength(10);
      const refused = answers.filter((a) => a.type === 'error');
      expect(refused).toHaveLength(20);
      for (const r of refused) expect(r).toMatchObject({ code: 'rate_limited' });
    } finally {
      await Promise.all(hosts.map((h) => h.close()));
      await own.close();
    }
  });
});
