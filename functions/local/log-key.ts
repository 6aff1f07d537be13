import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_KEY_FILE = 'log-signing.key';

/**
 * This machine's key for signing game logs, kept in the data directory (PKCS#8 PEM, readable by the owner
 * only) so that logs and receipts signed before a restart still verify; made on first use — by the server's
 * first start or by `mafia play --log`. A run without a data directory (memory) gets a key of its own.
 */
export function localLogKey(dataDir: string | null): KeyObject {
  if (dataDir === null) return generateKeyPairSync('ed25519').privateKey;
  const path = join(dataDir, LOG_KEY_FILE);
  try {
    return createPrivateKey(readFileSync(path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${path}: ${(e as Error).message}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // 'wx': two processes starting on one directory at once keep whichever key was written first.
  try {
    writeFileSync(path, pem, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return createPrivateKey(readFileSync(path, 'utf8'));
}

/** The key file's private key, if this data directory has one (the CLI's audit reads its public half). */
export function existingLogKey(dataDir: string): KeyObject | null {
  try {
    return createPrivateKey(readFileSync(join(dataDir, LOG_KEY_FILE), 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${join(dataDir, LOG_KEY_FILE)}: ${(e as Error).message}`);
  }
}
