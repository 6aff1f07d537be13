import type { AsyncVerify } from '../../../shared/audit/seal.js';

/** The deployment's public log key, ready to check seals with WebCrypto. */
export interface LogKey {
  keyId: string;
  verify: AsyncVerify;
}

/** `noCrypto`: this page has no WebCrypto (an insecure context: plain http from another machine). */
export type LogKeyAnswer =
  | { ok: true; key: LogKey }
  | { ok: false; why: 'noCrypto' | 'noKey'; message: string };

/**
 * The key as `GET /api/log-key` publishes it (`{ algorithm: 'Ed25519', keyId, publicKey: PEM }`), imported
 * for WebCrypto. The key id is computed again from the key (base64url of the SHA-256 of its SPKI), as the
 * CLI does, so an answer naming another id than its key's is refused.
 */
export async function logKeyOf(published: unknown, subtle: SubtleCrypto = crypto.subtle): Promise<LogKey> {
  const p = (published ?? {}) as { algorithm?: unknown; keyId?: unknown; publicKey?: unknown };
  if (p.algorithm !== 'Ed25519' || typeof p.publicKey !== 'string')
    throw new Error('the server published no Ed25519 key');
  const body = /-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----/.exec(p.publicKey);
  if (body === null) throw new Error('the published key is not a PEM public key');
  const spki = bytesOf(atob(body[1].replace(/\s+/g, '')));
  const keyId = base64url(new Uint8Array(await subtle.digest('SHA-256', spki)));
  if (p.keyId !== undefined && p.keyId !== keyId) throw new Error('the published key names another key id');
  const key = await subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
  return {
    keyId,
    verify: async (statement, signature) => {
      const sig = bytesOf(atob(signature.replace(/-/g, '+').replace(/_/g, '/')));
      return subtle.verify({ name: 'Ed25519' }, key, sig, new TextEncoder().encode(statement));
    },
  };
}

/** The key of the deployment that serves the logs (`${base}/api/log-key`). */
export async function fetchLogKey(base: string): Promise<LogKeyAnswer> {
  if (globalThis.crypto?.subtle === undefined)
    return { ok: false, why: 'noCrypto', message: 'no WebCrypto in this context' };
  try {
    const answer = await fetch(`${base}/api/log-key`, { cache: 'no-cache' });
    if (!answer.ok) return { ok: false, why: 'noKey', message: `HTTP ${answer.status}` };
    return { ok: true, key: await logKeyOf(await answer.json()) };
  } catch (error) {
    return { ok: false, why: 'noKey', message: error instanceof Error ? error.message : String(error) };
  }
}

function bytesOf(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
