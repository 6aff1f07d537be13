import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_FILE = 'read-link.key';

/**
 * The key read-only links are signed with on this machine: kept in the data directory, so a link given out
 * still opens its game after a restart. Made on first use, readable by the owner only. A run without a
 * data directory (memory) gets a key of its own.
 */
export function localLinkKey(dataDir: string | null): string {
  if (dataDir === null) return randomBytes(32).toString('base64url');
  const path = join(dataDir, KEY_FILE);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    // 'wx': two servers starting on one directory at once keep whichever key was written first.
    try {
      writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return readFileSync(path, 'utf8').trim();
    }
  }
}
