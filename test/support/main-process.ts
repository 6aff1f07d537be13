import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

const root = new URL('../../', import.meta.url).pathname;

/** A port free on loopback right now, for a server started in another process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type MainProcess = ChildProcess & { stderrText: () => string };

/**
 * `npm start`'s entry (`tsx functions/local/main.ts`) in a process of its own. Node with tsx's loader
 * rather than `npx tsx`, which would put two launcher processes in between: killed with them, the server
 * would be orphaned, and until something reaps it its pid still looks alive to the log's lock file.
 */
export function startMain(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  { ipc = false, stderr = 'pipe' }: { ipc?: boolean; stderr?: 'pipe' | 'inherit' } = {},
): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/local/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', QUIET: '1', ...env },
    stdio: ipc ? ['ignore', 'ignore', stderr, 'ipc'] : ['ignore', 'ignore', stderr],
  });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return Object.assign(child, { stderrText: () => text });
}

/** Waits until the server at `url` answers /healthz (with any status: a failed store answers 503). */
export async function listening(url: string, child: MainProcess, timeoutMs = 30_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`${url}/healthz`);
    } catch {
      // not listening yet
    }
    if (Date.now() > until || child.exitCode !== null) {
      throw new Error(`${url} did not come up: ${child.stderrText()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
