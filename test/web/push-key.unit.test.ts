import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { keyBytes, madeUnderKey } from '../../web/src/logic/push-key.js';

const current = webpush.generateVAPIDKeys().publicKey;
const retired = webpush.generateVAPIDKeys().publicKey;
/** What `PushSubscription.options.applicationServerKey` holds: the key's raw bytes. */
const raw = (key: string) => {
  const bytes = Buffer.from(key, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
};

describe('the phone’s subscription against the server’s current key', () => {
  it('given a base64url key, when it is turned into bytes, then they are the 65 bytes of the P-256 point', () => {
    expect([...keyBytes(current)]).toEqual([...Buffer.from(current, 'base64url')]);
    expect(keyBytes(current)).toHaveLength(65);
  });

  it('given a subscription made under the current key, when the app opens, then it is kept', () => {
    expect(madeUnderKey(raw(current), current)).toBe(true);
  });

  it('given a subscription made under a key the server rotated away from, when the app opens, then it is made anew', () => {
    expect(madeUnderKey(raw(retired), current)).toBe(false);
  });

  it('given no subscription, or one without a server key, when the app opens, then one is made', () => {
    expect(madeUnderKey(null, current)).toBe(false);
    expect(madeUnderKey(undefined, current)).toBe(false);
    expect(madeUnderKey(new ArrayBuffer(0), current)).toBe(false);
    expect(madeUnderKey(raw(current).slice(0, 64), current)).toBe(false);
  });
});
