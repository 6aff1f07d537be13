import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine } from '../../functions/app/log.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { PRESET_IDS } from '../../shared/rules/settings.js';
import type { Viewer } from '../../shared/views/types.js';
import { viewFor } from '../../shared/views/view.js';
import { LocalTable } from '../support/local-table.js';

let server: RunningServer;
const lines: LogLine[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', log: (line) => lines.push(line) });
});
afterAll(() => server?.close());

describe('local stack: the lobby of every rule set', () => {
  it.each(PRESET_IDS)(
    'given a %s room dealt by hand, when players join on their phones and the host deals one seat, then the host and every player are shown the table as it is',
    async (preset) => {
      // given a room of the rule set, dealt by hand, four players joined from their phones
      const table = await LocalTable.open(server.wsUrl, 4, { preset, dealing: 'manual' });
      try {
        // when the host gives seat 1 a role, the rest not yet dealt
        const dealt = await table.host.command({ type: 'assignRole', seat: 1, role: 'mafia' });
        expect(dealt.type, JSON.stringify(dealt)).toBe('ack');
        await server.settle();

        // then every socket holds the view of the game as it now is, and no projection failed
        const game = await server.app.deps.cache.load(table.gameId);
        const state = game?.folded.state;
        if (state === undefined) throw new Error('the game is gone');
        const shown = async (client: LocalTable['host'], viewer: Viewer) =>
          expect.poll(() => client.latest(), { timeout: 5000 }).toEqual(viewFor(state, viewer));
        await shown(table.host, { kind: 'host' });
        for (const player of table.players)
          await shown(player, { kind: 'seat', seat: player.seat as number });
        expect(lines.filter((l) => l.game === table.gameId && l.outcome === 'failed')).toEqual([]);
      } finally {
        await table.close();
      }
    },
  );
});
