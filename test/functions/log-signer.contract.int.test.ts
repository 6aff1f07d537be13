import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkKeySecret } from '../../functions/adapters/aws/secrets/link-key-secret.js';
import { logKeyFromSecret } from '../../functions/adapters/aws/secrets/log-key-secret.js';
import { ed25519Signer, verifierOf } from '../../functions/adapters/signing/ed25519.js';
import { localLogKey } from '../../functions/local/log-key.js';
import type { LogSigner } from '../../functions/ports/log-signer.js';
import { sealStatement } from '../../shared/audit/seal.js';
import { FakeSecretsManager } from '../support/fake-secrets-manager.js';
import { uniqueId } from '../support/store-contract.js';

let secrets: FakeSecretsManager;
let dir: string;
beforeAll(async () => {
  secrets = await new FakeSecretsManager().start();
  dir = mkdtempSync(join(tmpdir(), 'sleeping-city-log-key-'));
});
afterAll(() => {
  secrets.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Two containers (or two starts of the local server) holding one deployment's key, and what they read. */
interface Deployment {
  containers: [LogSigner, LogSigner];
  reads: () => number;
}

const deployments: Record<string, () => Deployment> = {
  'the key file in the data directory': () => {
    const dataDir = join(dir, uniqueId('data'));
    return {
      containers: [ed25519Signer(() => localLogKey(dataDir)), ed25519Signer(() => localLogKey(dataDir))],
      reads: () => 0,
    };
  },
  'the Secrets Manager secret': () => {
    const secretId = uniqueId('log-key');
    secrets.put(secretId, 'q'.repeat(64));
    const container = () => {
      const secret = new LinkKeySecret({
        client: async () => secrets.client(),
        secretId,
        holds: 'log signing key',
      });
      return ed25519Signer(async () => logKeyFromSecret(await secret.key()));
    };
    return {
      containers: [container(), container()],
      reads: () => secrets.reads.filter((id) => id === secretId).length,
    };
  },
};

describe.each(Object.entries(deployments))('the log signer: %s', (_name, given) => {
  it('given a head sealed three times, then each seal verifies with the published key, and the key is loaded once', async () => {
    const { containers, reads } = given();
    const [signer] = containers;
    const hash = 'c'.repeat(64);
    const seals = await Promise.all([1, 2, 3].map(() => signer.seal('g-1', 7, hash)));
    const published = await signer.publishedKey();
    expect(published.algorithm).toBe('Ed25519');
    expect(published.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const verifier = verifierOf(JSON.stringify(published));
    expect(verifier.keyId).toBe(published.keyId);
    for (const seal of seals) {
      expect(seal).toMatchObject({ gameId: 'g-1', version: 7, hash, keyId: published.keyId });
      expect(verifier.verify(sealStatement('g-1', 7, hash), seal.signature)).toBe(true);
      // The signature is of that head only.
      expect(verifier.verify(sealStatement('g-1', 8, hash), seal.signature)).toBe(false);
      expect(verifier.verify(sealStatement('g-2', 7, hash), seal.signature)).toBe(false);
    }
    expect(reads()).toBeLessThanOrEqual(1);
  });

  it('given two containers of one deployment, when they seal the same head, then they make the same seal under the same key', async () => {
    const { containers } = given();
    const [a, b] = await Promise.all(containers.map((c) => c.seal('g-1', 3, 'd'.repeat(64))));
    expect(a).toEqual(b);
    expect((await containers[0].publishedKey()).keyId).toBe((await containers[1].publishedKey()).keyId);
  });
});

describe('the secret behind the key', () => {
  it('given an empty or a short secret, when a seal is asked for, then it fails and says why, never signs with a weak key', async () => {
    const empty = uniqueId('log-key');
    secrets.put(empty, '');
    const secret = new LinkKeySecret({
      client: async () => secrets.client(),
      secretId: empty,
      holds: 'log signing key',
    });
    const signer = ed25519Signer(async () => logKeyFromSecret(await secret.key()));
    await expect(signer.seal('g', 1, 'e'.repeat(64))).rejects.toThrow(`${empty} holds no log signing key`);
    expect(() => logKeyFromSecret('short')).toThrow('too short');
  });
});
