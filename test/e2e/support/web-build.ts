import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const web = join(root, 'web');
const built = join(web, 'dist/index.html');
const lock = join(web, '.build-lock');

/** The newest modification time under a path (a file, or a folder walked recursively). */
function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

function stale(): boolean {
  if (!existsSync(built)) return true;
  const sources = ['src', 'tools', 'index.html', 'build.ts'].map((p) => newest(join(web, p)));
  const engine = newest(join(root, 'shared'));
  return Math.max(...sources, engine) > statSync(built).mtimeMs;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds web/dist when it is missing or older than its sources, once, even with several e2e files starting
 * together (vitest runs files in parallel): the first takes a lock folder, the others wait for it.
 */
export async function ensureWebBuilt(): Promise<void> {
  for (let waited = 0; stale(); waited += 200) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 60_000) throw new Error(`web build lock ${lock} held for a minute: remove it`);
      await sleep(200);
      continue;
    }
    try {
      if (stale()) execFileSync('npx', ['tsx', 'web/build.ts'], { cwd: root, stdio: 'pipe' });
    } finally {
      rmdirSync(lock);
    }
  }
}
