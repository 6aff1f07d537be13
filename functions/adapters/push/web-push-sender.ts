import type { PushSender, PushTarget } from '../../ports/push.js';

/** The VAPID identity of this deployment: a key pair (base64url) and a contact (`mailto:` or https URL). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Where keys kept outside the process come from (a secret read at first use); null: none configured. */
export type VapidSource = () => Promise<VapidKeys | null>;

/**
 * Web Push with the `web-push` package: it encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * header (RFC 8292); the request itself goes out with fetch, so any push service URL works, https or the
 * local endpoint of a test.
 */
export class WebPushSender implements PushSender {
  constructor(private readonly vapid: VapidKeys | VapidSource) {}

  async publicKey(): Promise<string | null> {
    return (await this.keys())?.publicKey ?? null;
  }

  async send(target: PushTarget, payload: string, ttlSeconds: number): Promise<'sent' | 'gone'> {
    const vapid = await this.keys();
    if (vapid === null) throw new Error('no VAPID keys are configured');
    // Loaded at the first push, not at a cold start: the package and its crypto helpers cost a Lambda
    // container tens of milliseconds of CPU that most of its invocations never need.
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: vapid,
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

  private keys(): Promise<VapidKeys | null> {
    return typeof this.vapid === 'function' ? this.vapid() : Promise.resolve(this.vapid);
  }
}

/**
 * VAPID keys as `web-push generate-vapid-keys` prints them, checked here so that a key pasted wrong is a
 * clear error where it is configured rather than a refused push hours later: the public key an uncompressed
 * P-256 point (65 bytes, 0x04 first), the private key 32 bytes, both base64url; the subject a `mailto:` or
 * https URL (RFC 8292).
 */
export function checkedVapid(keys: VapidKeys): VapidKeys {
  const point = Buffer.from(keys.publicKey, 'base64url');
  if (!/^[A-Za-z0-9_-]+$/.test(keys.publicKey) || point.length !== 65 || point[0] !== 4)
    throw new Error('the VAPID public key is not a base64url uncompressed P-256 point (65 bytes)');
  if (!/^[A-Za-z0-9_-]+$/.test(keys.privateKey) || Buffer.from(keys.privateKey, 'base64url').length !== 32)
    throw new Error('the VAPID private key is not 32 bytes of base64url');
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(keys.subject))
    throw new Error(`the VAPID subject ${JSON.stringify(keys.subject)} is not a mailto: or https: URL`);
  return keys;
}

/** The keys from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or null: no push. */
export function vapidFromEnv(env: NodeJS.ProcessEnv): VapidKeys | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) return null;
  return checkedVapid({
    publicKey: VAPID_PUBLIC_KEY,
    privateKey: VAPID_PRIVATE_KEY,
    subject: VAPID_SUBJECT ?? 'mailto:admin@localhost',
  });
}
