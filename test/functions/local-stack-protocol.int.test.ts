import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { LocalTable } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', quiet: true });
});
afterAll(() => server?.close());

describe('local stack: the protocol as written', () => {
  it('given a socket that already holds the newest view, when it sends sync, then it gets the full view again', async () => {
    const table = await LocalTable.open(server.wsUrl, 1);
    try {
      const player = table.player(1);
      const held = player.version();
      const answer = await player.request({ action: 'sync' }, is('view'));
      expect(answer.version).toBe(held);
      expect(answer.view.seat).toBe(1);
    } finally {
      await table.close();
    }
  });
});

describe('local stack: frames carry only what the protocol names', () => {
  it('given frames with fields their action does not have, when sent, then each is refused as bad_frame and nothing happens', async () => {
    const client = await GameClient.open(server.wsUrl);
    try {
      const errorFor = async (frame: object) => (await client.request(frame, is('error'))).code;
      expect(await errorFor({ action: 'ping', extra: 1 })).toBe('bad_frame');
      expect(await errorFor({ action: 'create', name: 'Hana', settings: {}, admin: true })).toBe('bad_frame');
      expect(await errorFor({ action: 'sync', room: 'someone-elses-game' })).toBe('bad_frame');
      expect(client.frames.some((f) => f.type === 'created')).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('given names that show nothing or are broken, when a room is created with them, then each is bad_frame', async () => {
    const client = await GameClient.open(server.wsUrl);
    try {
      for (const raw of [
        '{"action":"create","name":"\\u3164","settings":{}}',
        '{"action":"create","name":"\\u200b","settings":{}}',
        '{"action":"create","name":"Ha\\u200dna","settings":{}}',
        '{"action":"create","name":"Hana\\ud800","settings":{}}',
        '{"action":"create","name":"\\u115f\\u1160","settings":{}}',
        '{"action":"create","name":"  ","settings":{}}',
      ]) {
        const reply = await client.request(raw, is('error'));
        expect(reply.code, raw).toBe('bad_frame');
      }
    } finally {
      await client.close();
    }
  });

  it('given settings with __proto__ or constructor keys, or a list for settings, when a room is created, then it is bad_settings', async () => {
    const client = await GameClient.open(server.wsUrl);
    try {
      for (const raw of [
        '{"action":"create","name":"Hana","settings":{"__proto__":{"chat":false}}}',
        '{"action":"create","name":"Hana","settings":{"constructor":{"prototype":{"x":1}}}}',
        '{"action":"create","name":"Hana","settings":{"timers":{"__proto__":{"day":1}}}}',
        '{"action":"create","name":"Hana","settings":{"roles":{"constructor":1}}}',
        '{"action":"create","name":"Hana","settings":[]}',
      ]) {
        const reply = await client.request(raw, is('error'));
        expect(reply.code, raw).toBe('bad_settings');
      }
      expect(({} as Record<string, unknown>).chat).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
