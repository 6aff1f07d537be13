import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { type SealVerifier, sealStatement } from '../../../shared/audit/seal.js';
import type { LogSigner, PublishedLogKey } from '../../ports/log-signer.js';

/** PKCS#8 for an Ed25519 key is this fixed prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 private key whose seed is these 32 bytes. */
export function ed25519FromSeed(seed: Buffer): KeyObject {
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** base64url of the SHA-256 of the public key's SPKI DER: the `keyId` seals name their key by. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url');
}

export function publishedKeyOf(publicKey: KeyObject): PublishedLogKey {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('the log key is not an Ed25519 key');
  return {
    algorithm: 'Ed25519',
    keyId: keyIdOf(publicKey),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * A signer over an Ed25519 private key, loaded at first use (`load` may read a secret). Ed25519 signatures
 * are deterministic: every container that seals the same head makes the same seal.
 */
export function ed25519Signer(load: () => KeyObject | Promise<KeyObject>): LogSigner {
  let loading: Promise<{ key: KeyObject; published: PublishedLogKey }> | undefined;
  const loaded = () => {
    if (loading === undefined) {
      const attempt = Promise.resolve()
        .then(load)
        .then((key) => ({ key, published: publishedKeyOf(createPublicKey(key)) }));
      // A failed read is tried again at the next use.
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
  return {
    async seal(gameId, version, hash) {
      const { key, published } = await loaded();
      const signature = sign(null, Buffer.from(sealStatement(gameId, version, hash)), key).toString(
        'base64url',
      );
      return { gameId, version, hash, keyId: published.keyId, signature };
    },
    publishedKey: async () => (await loaded()).published,
  };
}

/**
 * The audit's verifier for a published key: a PEM (SPKI) public key, or the JSON `GET /api/log-key` answers
 * (whose `keyId` must be the key's own).
 */
export function verifierOf(text: string): SealVerifier {
  let pem = text;
  if (text.trimStart().startsWith('{')) {
    const published = JSON.parse(text) as Partial<PublishedLogKey>;
    if (typeof published.publicKey !== 'string') throw new Error('the key file has no publicKey');
    pem = published.publicKey;
    const key = createPublicKey(pem);
    if (published.keyId !== undefined && published.keyId !== keyIdOf(key))
      throw new Error('the key file names another keyId than its key has');
  }
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the log key is not an Ed25519 key');
  return {
    keyId: keyIdOf(key),
    verify: (statement, signature) => {
      try {
        return verify(null, Buffer.from(statement), key, Buffer.from(signature, 'base64url'));
      } catch {
        return false;
      }
    },
  };
}
