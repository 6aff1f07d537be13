import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { signerFor, vapidFromEnv, vapidFromJson } from '../../functions/adapters/push/vapid-keys.js';

const subject = 'mailto:host@sleeping.city';
const [current, retired, older] = [0, 1, 2].map(() => webpush.generateVAPIDKeys());
const rotated = { ...current, subject, previous: [retired, older] };

describe('choosing the key pair for a subscription', () => {
  it('given a subscription made under the current key, when a push is signed, then the current pair signs it', () => {
    expect(signerFor(rotated, current.publicKey)).toEqual({ ...current, subject });
  });

  it('given subscriptions made under retired keys, when a push is signed, then each is signed by its own pair with the deployment’s subject', () => {
    expect(signerFor(rotated, retired.publicKey)).toEqual({ ...retired, subject });
    expect(signerFor(rotated, older.publicKey)).toEqual({ ...older, subject });
  });

  it('given a subscription made under a key no longer kept, when a push is signed, then there is no pair for it', () => {
    expect(signerFor(rotated, webpush.generateVAPIDKeys().publicKey)).toBeNull();
    expect(signerFor({ ...current, subject }, retired.publicKey)).toBeNull();
  });

  it('given a subscription saved before keys were recorded, when a push is signed, then the pair the deployment had before its first rotation (the oldest kept) signs it', () => {
    expect(signerFor(rotated, null)).toEqual({ ...older, subject });
    expect(signerFor({ ...current, subject, previous: [retired] }, null)).toEqual({ ...retired, subject });
    expect(signerFor({ ...current, subject }, null)).toEqual({ ...current, subject });
    expect(signerFor({ ...current, subject, previous: [] }, null)).toEqual({ ...current, subject });
  });
});

describe('VAPID keys from their JSON form', () => {
  it('given the single pair of a secret from before rotation, when read, then it is the current pair with nothing previous', () => {
    expect(vapidFromJson({ ...current, subject }, 'the secret S')).toEqual({ ...current, subject });
  });

  it('given a current pair and previous pairs, when read, then all are kept in their order', () => {
    expect(vapidFromJson(rotated, 'the secret S')).toEqual(rotated);
  });

  it.each([
    ['a list', [current], /^the secret S: not a JSON object$/],
    [
      'a current pair without its private key',
      { publicKey: current.publicKey, subject },
      /"privateKey" must be/,
    ],
    ['previous as one pair', { ...current, subject, previous: retired }, /"previous" must be a list/],
    ['a previous entry that is a string', { ...current, subject, previous: ['x'] }, /previous\[0\] must be/],
    [
      'a previous pair without its public key',
      { ...current, subject, previous: [retired, { privateKey: older.privateKey }] },
      /previous\[1\] must be \{"publicKey", "privateKey"\}/,
    ],
    [
      'a previous public key that is not a P-256 point',
      { ...current, subject, previous: [retired, { ...older, publicKey: older.privateKey }] },
      /^the secret S: previous\[1\]: the VAPID public key is not/,
    ],
    [
      'a previous private key of the wrong length',
      { ...current, subject, previous: [{ ...retired, privateKey: `${retired.privateKey}AA` }] },
      /previous\[0\]: the VAPID private key is not 32 bytes/,
    ],
    [
      'a malformed current public key',
      { ...current, publicKey: 'BAD', subject },
      /^the secret S: the VAPID public key/,
    ],
    ['the current pair again in previous', { ...current, subject, previous: [current] }, /listed twice/],
    ['no subject', { ...current, previous: [retired] }, /subject "" is not/],
  ])('given %s, when read, then it is refused saying which part is wrong', (_, value, message) => {
    expect(() => vapidFromJson(value, 'the secret S')).toThrow(message);
  });
});

describe('the keys of npm start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sleeping-city-vapid-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('given a key file with previous pairs, when the server starts, then it has them all', () => {
    expect(vapidFromEnv({ VAPID_KEYS_FILE: file('rotated.json', JSON.stringify(rotated)) })).toEqual(rotated);
  });

  it('given the pair in the environment, when the server starts, then it is the current pair alone', () => {
    expect(
      vapidFromEnv({ VAPID_PUBLIC_KEY: current.publicKey, VAPID_PRIVATE_KEY: current.privateKey }),
    ).toEqual({
      ...current,
      subject: 'mailto:admin@localhost',
    });
  });

  it('given no keys, when the server starts, then it sends no pushes', () => {
    expect(vapidFromEnv({})).toBeNull();
  });

  it('given a key file that is not JSON, one with a malformed pair, or a file and a pair at once, when the server starts, then it stops saying why', () => {
    const broken = file('broken.json', '{"publicKey": ');
    expect(() => vapidFromEnv({ VAPID_KEYS_FILE: broken })).toThrow(
      `the VAPID key file ${broken} cannot be read`,
    );
    const missing = join(dir, 'missing.json');
    expect(() => vapidFromEnv({ VAPID_KEYS_FILE: missing })).toThrow(
      `the VAPID key file ${missing} cannot be read`,
    );
    const malformed = file(
      'malformed.json',
      JSON.stringify({ ...rotated, previous: [{ ...retired, privateKey: 'x' }] }),
    );
    expect(() => vapidFromEnv({ VAPID_KEYS_FILE: malformed })).toThrow(
      `the VAPID key file ${malformed}: previous[0]: the VAPID private key is not 32 bytes of base64url`,
    );
    expect(() =>
      vapidFromEnv({
        VAPID_KEYS_FILE: file('both.json', JSON.stringify(rotated)),
        VAPID_PUBLIC_KEY: current.publicKey,
      }),
    ).toThrow(/not both/);
  });
});
