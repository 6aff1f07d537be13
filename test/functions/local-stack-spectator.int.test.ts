import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame } from '../../shared/index.js';
import { driveToNightOne, jumpToDeadline } from '../support/jump.js';
import { LONG_NIGHTS, LocalTable } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';

let server: RunningServer;
const clock = new JumpingClock();

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true, clock });
});
afterAll(() => server?.close());

const settle = () => new Promise((r) => setTimeout(r, 300));
const viewVersions = (frames: ServerFrame[]) => frames.flatMap((f) => (f.type === 'view' ? [f.version] : []));

describe('local stack: a spectator over a real socket', () => {
  it('given a spectator and a civilian, when the mafia chats and shoots at night, then the spectator gets no frame and the civilian only cover frames; when morning comes, both get it at the same versions', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, LONG_NIGHTS);
    const fan = await GameClient.open(server.wsUrl);
    try {
      await table.start();
      const watching = await fan.request(
        { action: 'watch', code: table.code },
        (f): f is ServerFrame => f.type === 'watching',
      );
      expect(watching).toMatchObject({ type: 'watching', gameId: table.gameId });
      await driveToNightOne(server, clock, table);
      const civilian = table.players.find(
        (p) => p.latest()?.you?.role === 'civilian' && p.latest()?.you?.alive,
      );
      const [mafioso] = table
        .mafia()
        .filter((seat) => table.host.latest()?.seats.find((s) => s.seat === seat)?.alive);
      if (civilian === undefined || mafioso === undefined) throw new Error('no civilian or mafia');
      await settle();
      const [fanBefore, civilianBefore] = [fan.frames.length, civilian.frames.length];

      const speaker = table.player(mafioso);
      expect((await speaker.command({ type: 'say', channel: 'mafia', text: 'the sheriff is 3' })).type).toBe(
        'ack',
      );
      const shot = await speaker.command({ type: 'act', ability: 'shoot', target: civilian.seat as number });
      expect(shot.type).toBe('ack');
      await speaker.waitForView(() => true, 5000, shot.type === 'ack' ? shot.version : 0);
      await settle();
      expect(fan.frames.slice(fanBefore)).toEqual([]);
      const covers = civilian.frames.slice(civilianBefore);
      expect(covers.map((f) => f.type)).toEqual(covers.map(() => 'cover'));

      await jumpToDeadline(server, clock, table.gameId);
      await fan.waitFor(
        (f): f is ServerFrame => f.type === 'view' && f.view.phase.kind === 'day',
        5000,
        fanBefore,
      );
      await settle();
      const seen = viewVersions(fan.frames.slice(fanBefore));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen).toEqual(viewVersions(civilian.frames.slice(civilianBefore)));
      expect(fan.latest()).toMatchObject({ viewer: 'spectator', you: null, host: null });
      expect(fan.latest()?.chat).toEqual(['table']);
      expect(fan.chat().map((m) => m.text)).not.toContain('the sheriff is 3');
    } finally {
      await fan.close();
      await table.close();
    }
  }, 60_000);

  it('given a spectator, when he votes, speaks or asks for a rematch, then each is refused as a spectator and the game stays at its version', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, LONG_NIGHTS);
    const fan = await GameClient.open(server.wsUrl);
    try {
      await table.start();
      await fan.request({ action: 'watch', code: table.code }, (f): f is ServerFrame => f.type === 'view');
      const version = fan.version();
      for (const command of [
        { type: 'vote', target: 1 },
        { type: 'say', channel: 'table', text: 'let me in' },
        { type: 'start' },
      ]) {
        expect(await fan.command(command)).toMatchObject({ type: 'rejected', code: 'spectator' });
      }
      const rematch = await fan.request({ action: 'rematch' }, (f): f is ServerFrame => f.type === 'error');
      expect(rematch).toMatchObject({ code: 'spectator' });
      const sync = await fan.request({ action: 'sync' }, (f): f is ServerFrame => f.type === 'view');
      expect(sync).toMatchObject({ version, view: { viewer: 'spectator' } });
    } finally {
      await fan.close();
      await table.close();
    }
  }, 60_000);
});
