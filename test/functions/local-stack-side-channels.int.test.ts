import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { driveToNightOne } from '../support/jump.js';
import { LONG_NIGHTS, LocalTable } from '../support/local-table.js';
import { is } from '../support/ws-client.js';

let server: RunningServer;
const clock = new JumpingClock();

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true, clock });
});
afterAll(() => server?.close());

describe('local stack: what the town cannot learn from the frames it gets', () => {
  it('given night 1, when the mafia chats and shoots, then a civilian receives only cover frames, as many as the mafioso is sent and of the same sizes, while the mafia sees both', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, LONG_NIGHTS);
    try {
      await table.start();
      await driveToNightOne(server, clock, table);
      const mafia = table
        .mafia()
        .filter((seat) => table.host.latest()?.seats.find((s) => s.seat === seat)?.alive);
      const civilian = table.players.find(
        (p) => p.latest()?.you?.role === 'civilian' && p.latest()?.you?.alive,
      );
      if (civilian === undefined || mafia.length === 0) throw new Error('no civilian or mafia left');
      // Frames settle from the phase change itself.
      await new Promise((r) => setTimeout(r, 300));
      const before = civilian.frames.length;

      const speaker = table.player(mafia[0]);
      const mark = speaker.frames.length;
      const said = await speaker.command({ type: 'say', channel: 'mafia', text: 'the sheriff is 3' });
      expect(said.type).toBe('ack');
      const version = said.type === 'ack' ? said.version : 0;
      const line = await speaker.waitFor(is('chat'), 5000, mark);
      expect(line).toMatchObject({ version, channel: 'mafia' });
      expect(speaker.chat().map((m) => m.text)).toContain('the sheriff is 3');
      const town = table.players.find((p) => p.latest()?.you?.team !== 'mafia' && p.latest()?.you?.alive);
      const shot = await speaker.command({ type: 'act', ability: 'shoot', target: town?.seat as number });
      expect(shot.type).toBe('ack');
      await speaker.waitForView(() => true, 5000, shot.type === 'ack' ? shot.version : 0);
      await new Promise((r) => setTimeout(r, 300));

      const sizes = (frames: { type: string }[]) =>
        frames.filter((f) => f.type !== 'ack').map((f) => Buffer.byteLength(JSON.stringify(f)));
      const covers = civilian.frames.slice(before);
      expect(covers.length).toBeGreaterThan(0);
      expect(covers.map((f) => f.type)).toEqual(covers.map(() => 'cover'));
      expect(sizes(covers)).toEqual(sizes(speaker.frames.slice(mark)));
    } finally {
      await table.close();
    }
  }, 60_000);
});
