/** A browser's push subscription (the PWA's `PushSubscription.toJSON()`, the fields a push needs). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Who in a game asked to be woken by a push: a seat, or the host. */
export type PushReader = number | 'host';

/**
 * The push subscriptions of each game's readers. One reader may hold several (a phone and a tablet), and
 * one browser may be subscribed in several games.
 */
export interface PushBook {
  /**
   * Keeps a subscription for the reader until `expiresAt` (epoch seconds); the same endpoint in the same
   * game again replaces its reader, keys and expiry, not adds.
   */
  save(gameId: string, reader: PushReader, target: PushTarget, expiresAt: number): Promise<void>;
  /** The game's subscriptions whose `expiresAt` has not passed. */
  forGame(gameId: string): Promise<Array<{ reader: PushReader; target: PushTarget }>>;
  /** The push service said the subscription is gone (404/410): it is dropped from every game. */
  forget(endpoint: string): Promise<void>;
}

/** Sends one encrypted push; `gone` when the push service no longer knows the subscription. */
export interface PushSender {
  /**
   * The VAPID public key the PWA subscribes with (base64url, uncompressed P-256 point), or null when this
   * deployment has no keys configured (then nothing is pushed).
   */
  publicKey(): Promise<string | null>;
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<'sent' | 'gone'>;
}

/** Push: where subscriptions are kept and how a push leaves. */
export interface PushPorts {
  book: PushBook;
  sender: PushSender;
}
