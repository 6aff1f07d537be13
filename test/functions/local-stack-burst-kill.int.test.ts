import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogEventStore } from '../../functions/adapters/local/log/event-store.js';
import { ours, type Room, Stats } from '../load/targets.js';
import { exited, freePort, listening, type MainProcess, startMain } from '../support/main-process.js';

const ROOMS = 20;
const PLAYERS = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-burst-kill-'));
let server: MainProcess | undefined;
afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local stack: killed in the middle of a burst', () => {
  it('given every room voting on the same instant, when the server is SIGKILLed once some acks came back, then every acked command is in the log', async () => {
    const port = await freePort();
    server = startMain(port, dataDir, { PER_ADDRESS_LIMITS: '0' });
    expect((await listening(`http://127.0.0.1:${port}`, server)).ok, server.stderrText()).toBe(true);
    const target = await ours(new Stats(), 'log', `ws://127.0.0.1:${port}/ws`);
    const rooms: Room[] = [];
    for (let i = 0; i < ROOMS; i++) rooms.push(await target.openRoom(PLAYERS));
    for (const room of rooms) await target.startRoom(room);

    // The whole burst at once; the kill lands while its acks are coming back (the gateway answers the first
    // slices while it still decides the later ones).
    const acked: string[] = [];
    const killed = new Promise<void>((resolve) => {
      for (const room of rooms) {
        for (const player of room.players) {
          target.vote(player, (player.seat % PLAYERS) + 1, (_version, commandId) => {
            acked.push(commandId);
            if (acked.length === 20) {
              server?.kill('SIGKILL');
              resolve();
            }
          });
        }
      }
    });
    await killed;
    await exited(server);
    target.closeSockets();

    const store = await LogEventStore.open({ dir: dataDir });
    try {
      const logged = new Set<string>();
      for (const gameId of await store.listGames()) {
        for (const commit of await store.read(gameId)) logged.add(commit.commandId);
      }
      expect(acked.length).toBeGreaterThanOrEqual(20);
      expect(acked.filter((id) => !logged.has(id))).toEqual([]);
    } finally {
      await store.close();
    }
  }, 120_000);
});
