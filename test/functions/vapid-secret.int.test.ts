import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { VAPID_REREAD_MS, VapidSecret } from '../../functions/adapters/aws/secrets/vapid-secret.js';
import { FakeSecretsManager } from '../support/fake-secrets-manager.js';
import { uniqueId } from '../support/store-contract.js';

let secrets: FakeSecretsManager;
beforeAll(async () => {
  secrets = await new FakeSecretsManager().start();
});
afterAll(() => secrets.close());

/** A secret with the given value, read through the real SDK client; `unset` collects what it is told. */
function givenSecret(value?: string, now = () => Date.now()) {
  const secretId = uniqueId('vapid');
  if (value !== undefined) secrets.put(secretId, value);
  const unset: string[] = [];
  const secret = new VapidSecret({
    client: async () =>
      new SecretsManagerClient({
        endpoint: secrets.endpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      }),
    secretId,
    onUnset: (message) => unset.push(message),
    now,
  });
  const reads = () => secrets.reads.filter((id) => id === secretId).length;
  return { secretId, secret, unset, reads };
}

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:host@sleeping.city' };

describe('VAPID keys from a Secrets Manager secret', () => {
  it('given the keys in the secret, when they are asked for three times, then the secret is read once', async () => {
    const { secret, reads } = givenSecret(JSON.stringify(keys));
    const got = await Promise.all([secret.keys(), secret.keys()]);
    expect(got).toEqual([keys, keys]);
    expect(await secret.keys()).toEqual(keys);
    expect(reads()).toBe(1);
  });

  it('given the secret as the stack makes it (a random string, no keys), when asked, then there are none and that is said once', async () => {
    const { secret, secretId, unset, reads } = givenSecret('Xq7!generated-by-secrets-manager');
    expect(await secret.keys()).toBeNull();
    expect(await secret.keys()).toBeNull();
    expect(unset).toEqual([`the secret ${secretId} holds no VAPID keys: no push notifications are sent`]);
    expect(reads()).toBe(1);
  });

  it.each([
    [{ ...keys, publicKey: keys.privateKey }, /public key/],
    [{ ...keys, privateKey: `${keys.privateKey}AA` }, /private key/],
    [{ ...keys, subject: 'admin' }, /subject "admin"/],
    [{ publicKey: keys.publicKey, privateKey: keys.privateKey }, /subject ""/],
  ])(
    'given malformed keys %#, when asked twice, then both fail saying which part is wrong, from one read',
    async (value, message) => {
      const { secret, reads } = givenSecret(JSON.stringify(value));
      await expect(secret.keys()).rejects.toThrow(message);
      await expect(secret.keys()).rejects.toThrow(message);
      expect(reads()).toBe(1);
    },
  );

  it('given a secret keeping previous pairs, when asked, then the current pair and the previous ones come, in order', async () => {
    const previous = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
    const { secret } = givenSecret(JSON.stringify({ ...keys, previous }));
    expect(await secret.keys()).toEqual({ ...keys, previous });
  });

  it('given a previous pair pasted wrong, when asked, then it fails naming the secret and which pair', async () => {
    const { secret, secretId } = givenSecret(
      JSON.stringify({
        ...keys,
        previous: [{ publicKey: keys.publicKey.slice(1), privateKey: keys.privateKey }],
      }),
    );
    await expect(secret.keys()).rejects.toThrow(
      `the secret ${secretId}: previous[0]: the VAPID public key is not a base64url uncompressed P-256 point`,
    );
  });

  it('given keys rotated after the container read them, when fresh keys are asked for, then the secret is read again, once, when the keys at hand are VAPID_REREAD_MS old', async () => {
    let clock = Date.UTC(2026, 11, 1, 18, 0);
    const { secret, secretId, reads } = givenSecret(JSON.stringify(keys), () => clock);
    expect(await secret.keys()).toEqual(keys);
    const retired = { publicKey: keys.publicKey, privateKey: keys.privateKey };
    const next = { ...webpush.generateVAPIDKeys(), subject: keys.subject, previous: [retired] };
    secrets.put(secretId, JSON.stringify(next));
    clock += VAPID_REREAD_MS - 1;
    expect(await secret.keys({ fresh: true })).toEqual(keys);
    expect(reads()).toBe(1);
    clock += 1;
    // many askers at once (a removed pair's subscriptions in one phase) share one read
    const asked = await Promise.all([1, 2, 3].map(() => secret.keys({ fresh: true })));
    expect(asked).toEqual([next, next, next]);
    expect(await secret.keys()).toEqual(next);
    expect(reads()).toBe(2);
  });

  it('given a read that is throttled, when asked again, then the secret is read again and the keys come', async () => {
    const { secret, reads } = givenSecret(JSON.stringify(keys));
    secrets.failNext('ThrottlingException');
    await expect(secret.keys()).rejects.toThrow(/ThrottlingException/);
    expect(await secret.keys()).toEqual(keys);
    expect(reads()).toBe(1);
  });

  it('given a secret that does not exist, when asked, then the error names it', async () => {
    const { secret } = givenSecret();
    await expect(secret.keys()).rejects.toThrow(/can't find the specified secret/);
  });
});
