import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishWithJumps } from '../support/finish-game.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { exited, freePort, listening, type MainProcess, startMain } from '../support/main-process.js';

/**
 * `npm start`'s entry on a clock this test jumps over the IPC channel (`JUMPING_CLOCK=1`), so no step
 * waits for its time.
 */
const startJumping = (port: number, dataDir: string) =>
  startMain(port, dataDir, { JUMPING_CLOCK: '1' }, { ipc: true });

/** Waits until the server at `url` answers /healthz with 200. */
async function healthy(url: string, child: MainProcess): Promise<void> {
  expect((await listening(url, child)).ok, child.stderrText()).toBe(true);
}

/** Jumps the server's clock to `at` and waits until the steps that fell due have ended and been sent. */
function jumpTo(child: ChildProcess, at: number): Promise<void> {
  return new Promise((resolve) => {
    const answer = (message: { jumped?: number }) => {
      if (message?.jumped !== at) return;
      child.off('message', answer);
      resolve();
    };
    child.on('message', answer);
    child.send({ jumpTo: at });
  });
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-restart-'));
afterAll(() => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local stack: killed mid-game and restarted on the same data', () => {
  it('given a game in a timed phase, when the server is SIGKILLed and restarted, then the game, its deadline and every client carry on', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const wsUrl = `ws://127.0.0.1:${port}/ws`;
    const first = startJumping(port, dataDir);
    children.push(first);
    await healthy(url, first);

    // Steps far longer than the restart: the introduction night (nobody acts, so only its deadline ends
    // it) and every later step end when the clock is jumped to their deadlines.
    const table = await LocalTable.open(wsUrl, 7, SLOW_ONLINE);
    await table.start();
    const night = await table.host.waitForView((v) => v.phase.stage === 'intro');
    const deadlineAt = night.view.clock?.at ?? 0;
    expect(deadlineAt).toBeGreaterThan(Date.now());

    first.kill('SIGKILL');
    await exited(first);
    const second = startJumping(port, dataDir);
    children.push(second);
    await healthy(url, second);

    await table.reconnect(wsUrl);
    expect(Date.now(), 'the restart outlasted the day; nothing shows the deadline was re-armed').toBeLessThan(
      deadlineAt,
    );
    for (const client of table.everyone()) {
      expect(client.latest()?.phase).toEqual(night.view.phase);
    }
    // The deadline was re-armed from the log: at its time the night ends without anyone acting, and
    // everyone sees it.
    await jumpTo(second, deadlineAt);
    for (const client of table.everyone()) {
      await client.waitForView((v) => v.phase.kind === 'day', 30_000);
    }
    const end = await finishWithJumps(
      table,
      async () => {
        const at = table.host.latest()?.clock?.at;
        if (at != null) await jumpTo(second, at);
      },
      40_000,
    );
    expect(end.over).toBe(true);
    await table.close();

    // A graceful stop finishes and releases the log (the lock goes only after the log is closed).
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);
    expect(existsSync(join(dataDir, 'commits.log.lock'))).toBe(false);
    expect(second.stderrText()).toContain('SIGTERM: finishing');
  }, 120_000);
});
