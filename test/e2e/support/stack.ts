import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JumpingClock } from '../../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../../functions/local/server.js';
import type { Phase } from '../../../shared/index.js';
import { jumpToDeadline } from '../../support/jump.js';
import { ensureWebBuilt } from './web-build.js';

export interface Stack {
  server: RunningServer;
  url: string;
  /**
   * Moves the server's clock to the current deadline of the room with this code, and waits until that
   * step has ended and its views have gone out: what waiting for the timer would do, without the wait.
   * Returns the step the game is in then.
   */
  jumpToDeadline(code: string): Promise<Phase>;
  /** Stops the server (every socket drops) and starts it again on the same port with the same log. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The local server on a free port with a fresh log in a temporary folder, serving a current web/dist. Its
 * clock runs with real time until a test jumps it to a deadline.
 */
export async function startStack(): Promise<Stack> {
  await ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-e2e-'));
  const clock = new JumpingClock();
  const stack: Stack = {
    server: await startServer({ port: 0, dataDir, quiet: true, clock }),
    get url() {
      return stack.server.url;
    },
    jumpToDeadline: async (code) => {
      const gameId = await stack.server.app.deps.directory.gameForCode(code);
      if (gameId === null) throw new Error(`no room ${code}`);
      return jumpToDeadline(stack.server, clock, gameId);
    },
    restart: async () => {
      const port = stack.server.port;
      await stack.server.close();
      stack.server = await startServer({ port, dataDir, quiet: true, clock });
    },
    close: async () => {
      await stack.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}
