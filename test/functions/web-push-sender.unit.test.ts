import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { VapidKeys } from '../../functions/adapters/push/vapid-keys.js';
import { WebPushSender } from '../../functions/adapters/push/web-push-sender.js';

const subject = 'mailto:host@sleeping.city';
const [a, b, z] = [0, 1, 2].map(() => webpush.generateVAPIDKeys());
const target = {
  endpoint: 'https://push.example/send/ann',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** A source that held `before` when first read and holds `after` now; it records which reads were fresh. */
function rotatedSource(before: VapidKeys, after: VapidKeys) {
  const reads: Array<'cached' | 'fresh'> = [];
  const source = async (options?: { fresh?: boolean }) => {
    reads.push(options?.fresh ? 'fresh' : 'cached');
    return options?.fresh ? after : before;
  };
  return { source, reads };
}

describe('the sender against keys rotated after a container read them', () => {
  it('given a subscription made under the new key, when a container still on the old keys is asked, then it reads fresh keys and keeps it', async () => {
    const { source, reads } = rotatedSource({ ...a, subject }, { ...b, subject, previous: [a] });
    const sender = new WebPushSender(source);
    expect(await sender.keeps(b.publicKey)).toBe(true);
    expect(reads).toEqual(['cached', 'fresh']);
  });

  it('given a subscription made under the current key, when asked, then the keys at hand answer without a fresh read', async () => {
    const { source, reads } = rotatedSource({ ...a, subject }, { ...b, subject });
    expect(await new WebPushSender(source).keeps(a.publicKey)).toBe(true);
    expect(reads).toEqual(['cached']);
  });

  it('given a subscription under a key no longer kept, when it is pushed, then nothing is sent, it is dropped and that is told', async () => {
    const { source } = rotatedSource({ ...b, subject, previous: [a] }, { ...b, subject, previous: [a] });
    const told: string[] = [];
    const sender = new WebPushSender(source, { onDropped: (message) => told.push(message) });
    expect(await sender.send({ target, serverKey: z.publicKey }, '{}', 60)).toBe('dropped');
    expect(told).toEqual([
      `the push subscription at push.example was made under the VAPID key ${z.publicKey}, which is no longer kept: it is dropped (its phone subscribes again when it opens the app)`,
    ]);
  });

  it('given keys held in the process (npm start), when an unknown key is asked about, then there is nothing fresher to read', async () => {
    const sender = new WebPushSender({ ...b, subject, previous: [a] });
    expect(await sender.keeps(a.publicKey)).toBe(true);
    expect(await sender.keeps(z.publicKey)).toBe(false);
  });
});
