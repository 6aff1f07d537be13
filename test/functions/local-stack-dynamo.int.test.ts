import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../functions/local/server.js';
import { verifyChain } from '../../shared/audit/chain.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-dynamo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local stack on DynamoDB (dynalite through the real SDK client)', () => {
  it('given the dynamo store, when a room is created, joined and played, then it behaves as on the log and survives a restart', async () => {
    const server = await startServer({ port: 0, dataDir, store: 'dynamo', quiet: true });
    let table: LocalTable | undefined;
    let gameId = '';
    let token = '';
    try {
      table = await LocalTable.open(server.wsUrl, 5, SLOW_ONLINE);
      ({ gameId } = table);
      token = table.player(3).token;
      await table.start();
      await table.driveUntil((v) => v.phase.kind === 'day');
      const say = { type: 'say', channel: 'table', text: 'from dynalite' };
      const first = await table.player(3).command(say, { commandId: 'dyn-1' });
      expect(first.type).toBe('ack');
      expect(await table.player(3).command(say, { commandId: 'dyn-1' })).toEqual(first);
      const version = first.type === 'ack' ? first.version : 0;
      for (const c of table.everyone()) {
        expect(await c.waitFor(is('chat'))).toMatchObject({ version, from: 0 });
        expect(c.chat().map((m) => m.text)).toEqual(['from dynalite']);
      }
      const commits = await server.app.deps.store.read(gameId);
      expect(commits.length).toBe(version);
      expect(verifyChain(commits)).toEqual({ ok: true });
    } finally {
      await table?.close();
      await server.close();
    }

    const again = await startServer({ port: 0, dataDir, store: 'dynamo', quiet: true });
    const back = await GameClient.open(again.wsUrl);
    try {
      const view = await back.resume(gameId, token);
      expect(view).toMatchObject({ type: 'view', view: { seat: 3, phase: { kind: 'day' } } });
    } finally {
      await back.close();
      await again.close();
    }
  });
});
