import { createHash, type KeyObject } from 'node:crypto';
import { ed25519FromSeed } from '../../signing/ed25519.js';

/**
 * The deployment's log signing key from its Secrets Manager secret: the secret is a random string the stack
 * generates (CloudFormation cannot make an Ed25519 key), and the key's seed is its SHA-256 under a label
 * of its own, so every function that reads the secret holds the same key and no other secret of the
 * deployment gives it. A new secret value is a new key: logs signed before verify only with the old one.
 */
export function logKeyFromSecret(secret: string): KeyObject {
  if (secret.length < 32) throw new Error('the log signing secret is too short to be a key');
  return ed25519FromSeed(createHash('sha256').update(`sleeping-city log signing key v1\n${secret}`).digest());
}
