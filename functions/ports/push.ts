/** A browser's push subscription (the PWA's `PushSubscription.toJSON()`, the fields a push needs). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Who in a game asked to be woken by a push: a seat, or the host. */
export type PushReader = number | 'host';

/** A kept subscription: whose it is, where its pushes go, and the VAPID public key it was made under. */
export interface PushSubscriber {
  reader: PushReader;
  target: PushTarget;
  /**
   * The server's public key (base64url) the browser subscribed with; its pushes must be signed by that
   * pair. null: kept before subscriptions recorded their key (see `signerFor`).
   */
  serverKey: string | null;
}

/**
 * The push subscriptions of each game's readers. One reader may hold several (a phone and a tablet), and
 * one browser may be subscribed in several games.
 */
export interface PushBook {
  /**
   * Keeps a subscription until `expiresAt` (epoch seconds); the same endpoint in the same game again
   * replaces its reader, keys, server key and expiry, not adds.
   */
  save(gameId: string, subscriber: PushSubscriber, expiresAt: number): Promise<void>;
  /** The game's subscriptions whose `expiresAt` has not passed. */
  forGame(gameId: string): Promise<PushSubscriber[]>;
  /** The push service said the subscription is gone (404/410): it is dropped from every game. */
  forget(endpoint: string): Promise<void>;
}

/**
 * Sends one encrypted push, signed with the key pair its subscription was made under: `gone` when the push
 * service no longer knows the subscription, `dropped` (nothing sent) when that pair is no longer kept.
 */
export interface PushSender {
  /**
   * The current VAPID public key, the one the PWA subscribes with (base64url, uncompressed P-256 point), or
   * null when this deployment has no keys configured (then nothing is pushed).
   */
  publicKey(): Promise<string | null>;
  /** Whether subscriptions made under this public key can still be pushed to (the current or a kept pair). */
  keeps(serverKey: string): Promise<boolean>;
  /** Why pushes may not go to this endpoint (not https, a private or loopback address), or null. */
  refuses(endpoint: string): Promise<string | null>;
  send(
    subscriber: Pick<PushSubscriber, 'target' | 'serverKey'>,
    payload: string,
    ttlSeconds: number,
  ): Promise<'sent' | 'gone' | 'dropped'>;
}

/** Push: where subscriptions are kept and how a push leaves. */
export interface PushPorts {
  book: PushBook;
  sender: PushSender;
}
