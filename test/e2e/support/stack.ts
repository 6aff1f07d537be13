import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../../../functions/local/server.js';
import { ensureWebBuilt } from './web-build.js';

export interface Stack {
  server: RunningServer;
  url: string;
  /** Stops the server (every socket drops) and starts it again on the same port with the same log. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The local server on a free port with a fresh log in a temporary folder, serving a current web/dist. */
export async function startStack(): Promise<Stack> {
  await ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-e2e-'));
  const stack: Stack = {
    server: await startServer({ port: 0, dataDir, quiet: true }),
    get url() {
      return stack.server.url;
    },
    restart: async () => {
      const port = stack.server.port;
      await stack.server.close();
      stack.server = await startServer({ port, dataDir, quiet: true });
    },
    close: async () => {
      await stack.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}
