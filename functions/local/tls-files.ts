import { readFileSync } from 'node:fs';
import type { TlsFiles } from './gateway.js';

/**
 * `TLS_CERT` and `TLS_KEY` (paths to PEM files, both or neither) for `npm start`: with them the server
 * serves HTTPS and WSS. The certificate may carry its chain (the server's first, then the CA's).
 */
export function tlsFromEnv(env: Record<string, string | undefined>): TlsFiles | undefined {
  const certPath = env.TLS_CERT || undefined;
  const keyPath = env.TLS_KEY || undefined;
  if (certPath === undefined && keyPath === undefined) return undefined;
  if (certPath === undefined || keyPath === undefined)
    throw new Error('TLS_CERT and TLS_KEY go together: the certificate and its private key (PEM files)');
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (e) {
      throw new Error(`${name}=${path}: ${(e as Error).message}`);
    }
  };
  return { cert: read('TLS_CERT', certPath), key: read('TLS_KEY', keyPath) };
}
