import type { PushSender, PushSubscriber } from '../../ports/push.js';
import { type EndpointCheck, publicPushEndpoints } from './push-endpoints.js';
import { signerFor, type VapidKeys, type VapidSigner } from './vapid-keys.js';

/**
 * Where keys kept outside the process come from (a secret read at first use); null: none configured.
 * `fresh` asks for the keys as they are now rather than as first read, when a key turned up that the copy
 * at hand does not know (the operator may have rotated since).
 */
export type VapidSource = (options?: { fresh?: boolean }) => Promise<VapidKeys | null>;

export interface WebPushSenderOptions {
  /** Told of each subscription dropped because the key it was made under is no longer kept. */
  onDropped?: (message: string) => void;
  /** Where pushes may go: https on public addresses unless a test posts to its own local endpoint. */
  endpoints?: EndpointCheck;
  /** How a push request leaves (fetch unless a test routes it to its own push service). */
  post?: (url: string, init: RequestInit) => Promise<Response>;
}

/** Where pushes may go and how they leave: a test's own push service on this machine brings both. */
export type PushRoute = Required<Pick<WebPushSenderOptions, 'endpoints' | 'post'>>;

/**
 * Web Push with the `web-push` package: it encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * header (RFC 8292) with the key pair the subscription was made under; the request itself goes out with
 * fetch, to an endpoint checked again just before (see `publicPushEndpoints`).
 */
export class WebPushSender implements PushSender {
  private readonly endpoints: EndpointCheck;

  constructor(
    private readonly vapid: VapidKeys | VapidSource,
    private readonly options: WebPushSenderOptions = {},
  ) {
    this.endpoints = options.endpoints ?? publicPushEndpoints();
  }

  refuses(endpoint: string): Promise<string | null> {
    return this.endpoints(endpoint);
  }

  async publicKey(): Promise<string | null> {
    return (await this.keys())?.publicKey ?? null;
  }

  async keeps(serverKey: string): Promise<boolean> {
    return (await this.signer(serverKey)) !== null;
  }

  async send(
    { target, serverKey }: Pick<PushSubscriber, 'target' | 'serverKey'>,
    payload: string,
    ttlSeconds: number,
  ): Promise<'sent' | 'gone' | 'dropped'> {
    const vapid = await this.signer(serverKey);
    if (vapid === null) {
      this.options.onDropped?.(
        `the push subscription at ${new URL(target.endpoint).host} was made under the VAPID key ` +
          `${serverKey}, which is no longer kept: it is dropped (its phone subscribes again when it opens the app)`,
      );
      return 'dropped';
    }
    // Checked again at each push: the name may resolve to another address than when it was subscribed.
    const refused = await this.endpoints(target.endpoint);
    if (refused !== null) {
      this.options.onDropped?.(`the push subscription at ${target.endpoint} is forgotten: ${refused}`);
      return 'gone';
    }
    // Loaded at the first push, not at a cold start: the package and its crypto helpers cost a Lambda
    // container tens of milliseconds of CPU that most of its invocations never need.
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: vapid,
      TTL: ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    const response = await (this.options.post ?? fetch)(request.endpoint, {
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

  /**
   * The pair for a subscription's key. A key the keys at hand do not know is looked up once more in fresh
   * keys: while a rotation reaches every container, one that still holds the old keys must not drop the
   * subscriptions made under the new pair.
   */
  private async signer(serverKey: string | null): Promise<VapidSigner | null> {
    const keys = await this.keys();
    if (keys === null) throw new Error('no VAPID keys are configured');
    const signer = signerFor(keys, serverKey);
    if (signer !== null || typeof this.vapid !== 'function') return signer;
    const fresh = await this.vapid({ fresh: true });
    return fresh === null ? null : signerFor(fresh, serverKey);
  }

  private keys(): Promise<VapidKeys | null> {
    return typeof this.vapid === 'function' ? this.vapid() : Promise.resolve(this.vapid);
  }
}
