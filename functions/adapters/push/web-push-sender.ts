import webpush from 'web-push';
import type { PushSender, PushTarget } from '../../ports/push.js';

/** The VAPID identity of this deployment: a key pair (base64url) and a contact (`mailto:` or https URL). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Web Push with the `web-push` package: it encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * header (RFC 8292); the request itself goes out with fetch, so any push service URL works, https or the
 * local endpoint of a test.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(private readonly vapid: VapidKeys) {
    this.publicKey = vapid.publicKey;
  }

  async send(target: PushTarget, payload: string, ttlSeconds: number): Promise<'sent' | 'gone'> {
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: this.vapid,
      TTL: ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new Error(`push service answered ${response.status}`);
    return 'sent';
  }
}

/** The keys from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or null: no push. */
export function vapidFromEnv(env: NodeJS.ProcessEnv): VapidKeys | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) return null;
  return {
    publicKey: VAPID_PUBLIC_KEY,
    privateKey: VAPID_PRIVATE_KEY,
    subject: VAPID_SUBJECT ?? 'mailto:admin@localhost',
  };
}
