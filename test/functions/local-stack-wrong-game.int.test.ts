import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame } from '../../shared/index.js';
import { LocalTable } from '../support/local-table.js';
import { is } from '../support/ws-client.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true });
});
afterAll(() => server?.close());

const versionOf = async (gameId: string) => (await server.app.deps.cache.load(gameId))?.folded.version;

describe('local stack: a frame naming another game than its socket is in', () => {
  it('given a player of one room, when he sends a command, a sync and a signal naming another room, then each is refused as wrong_game and neither game changes', async () => {
    const [mine, theirs] = [await LocalTable.open(server.wsUrl, 2), await LocalTable.open(server.wsUrl, 2)];
    try {
      await server.settle();
      const player = mine.player(1);
      const [mineBefore, theirsBefore] = [await versionOf(mine.gameId), await versionOf(theirs.gameId)];
      const theirFrames = theirs.everyone().map((c) => c.frames.length);

      const commandId = randomUUID();
      const refused = await player.request(
        { action: 'command', gameId: theirs.gameId, commandId, command: { type: 'takeSeat', seat: 2 } },
        (f): f is ServerFrame => f.type === 'rejected' || f.type === 'ack',
      );
      expect(refused).toMatchObject({ type: 'rejected', commandId, code: 'wrong_game' });
      expect((refused as { message: string }).message).toContain(theirs.gameId);

      const sync = await player.request({ action: 'sync', gameId: theirs.gameId }, is('error'));
      expect(sync.code).toBe('wrong_game');
      const signal = await player.request(
        { action: 'signal', gameId: theirs.gameId, to: 'host', payload: { kind: 'hello' } },
        (f): f is ServerFrame => f.type === 'error',
      );
      expect(signal).toMatchObject({ code: 'wrong_game' });

      await server.settle();
      expect(await versionOf(mine.gameId)).toBe(mineBefore);
      expect(await versionOf(theirs.gameId)).toBe(theirsBefore);
      expect(theirs.everyone().map((c) => c.frames.length)).toEqual(theirFrames);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('given a player naming his own room, when he sends a command and a sync, then they are carried out as without it', async () => {
    const table = await LocalTable.open(server.wsUrl, 1);
    try {
      const player = table.player(1);
      const view = await player.request({ action: 'sync', gameId: table.gameId }, is('view'));
      expect(view.view.seat).toBe(1);
      const commandId = randomUUID();
      const answer = await player.request(
        {
          action: 'command',
          gameId: table.gameId,
          commandId,
          command: { type: 'say', channel: 'table', text: 'hello' },
        },
        (f): f is ServerFrame => (f.type === 'rejected' || f.type === 'ack') && f.commandId === commandId,
      );
      expect(answer.type === 'rejected' ? answer.code : answer.type).not.toBe('wrong_game');
    } finally {
      await table.close();
    }
  });
});
