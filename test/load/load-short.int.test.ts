import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

/** `npm run load` in a short form: the script, its own server process and real sockets, as run by hand. */
function load(
  env: Record<string, string>,
): Promise<{ code: number | null; result: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/load/load.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve({ code, result: JSON.parse(out) as Record<string, unknown> });
      } catch {
        reject(new Error(`load printed no result (exit ${code}): ${err.slice(-2000)}`));
      }
    });
  });
}

describe('npm run load, short', () => {
  // Correctness only: timings on a shared CI machine say nothing, so none is asserted.
  it('given rooms whose players all vote on the same instant each second, when the burst runs, then every command is acked and every socket of its room sees it', async () => {
    const { code, result } = await load({ ROOMS: '3', PLAYERS: '7', SECONDS: '2', ALIGNED: '1' });
    expect(result).toMatchObject({
      rooms: 3,
      players: 7,
      aligned: true,
      commands: 3 * 7 * 2,
      errors: 0,
      errorKinds: {},
      lostViews: 0,
    });
    expect(code).toBe(0);
  }, 90_000);
});
