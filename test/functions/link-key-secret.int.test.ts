import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkKeySecret } from '../../functions/adapters/aws/secrets/link-key-secret.js';
import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { ed25519Signer } from '../../functions/adapters/signing/ed25519.js';
import { readLinkToken, signedReadToken } from '../../functions/app/log-access.js';
import { FakeSecretsManager } from '../support/fake-secrets-manager.js';
import { uniqueId } from '../support/store-contract.js';

let secrets: FakeSecretsManager;
beforeAll(async () => {
  secrets = await new FakeSecretsManager().start();
});
afterAll(() => secrets.close());

function givenSecret(value?: string) {
  const secretId = uniqueId('link-key');
  if (value !== undefined) secrets.put(secretId, value);
  const secret = new LinkKeySecret({ client: async () => secrets.client(), secretId });
  const reads = () => secrets.reads.filter((id) => id === secretId).length;
  return { secret, reads };
}

describe('the read-only links key from its Secrets Manager secret', () => {
  it('given the key in the secret, when a host asks for links three times, then they are signed with it and the secret is read once', async () => {
    const { secret, reads } = givenSecret('k'.repeat(48));
    const clock = new ManualClock(Date.UTC(2026, 11, 1));
    const ports = {
      store: { read: async () => [] },
      directory: { seatForToken: async () => 'host' as const },
      linkKey: secret.key,
      clock,
      signer: ed25519Signer(() => generateKeyPairSync('ed25519').privateKey),
    };
    const token = 'host-token.1';
    const links = await Promise.all([1, 2, 3].map(() => readLinkToken(ports, 'game-1', token)));
    expect(reads()).toBe(1);
    for (const link of links) {
      expect(link.ok).toBe(true);
      if (link.ok) expect(link.token).toBe(signedReadToken('k'.repeat(48), 'game-1', link.expiresAt / 1000));
    }
  });

  it('given a read that fails, when the key is asked for again, then the secret is read again', async () => {
    const { secret, reads } = givenSecret('key');
    secrets.failNext('ThrottlingException');
    await expect(secret.key()).rejects.toThrow();
    expect(await secret.key()).toBe('key');
    expect(reads()).toBe(1);
  });

  it('given a secret with no value, then asking for the key is an error, never an empty key', async () => {
    const { secret } = givenSecret();
    await expect(secret.key()).rejects.toThrow();
  });
});
