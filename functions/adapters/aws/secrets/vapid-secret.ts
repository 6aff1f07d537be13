import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type VapidKeys, vapidFromJson } from '../../push/vapid-keys.js';

export interface VapidSecretOptions {
  /** Made at the first read: a container that never pushes never loads the client. */
  client: () => Promise<SecretsManagerClient>;
  /** The secret's ARN or name. */
  secretId: string;
  /** Told once when the secret holds no keys yet, so the deployment runs without pushes. */
  onUnset?: (message: string) => void;
  /** Clock for how old the keys at hand are, in ms since the epoch. */
  now?: () => number;
}

/**
 * Keys younger than this count as fresh: a container meeting many unknown keys at once (a removed pair's
 * subscriptions) reads once, and one sent made-up keys reads at most this often. Short, because keys read
 * just before a rotation would take a subscription made under the new pair for one under a removed pair.
 */
export const VAPID_REREAD_MS = 10_000;

/**
 * The VAPID keys in a Secrets Manager secret, a JSON object `{ "publicKey", "privateKey", "subject",
 * "previous"? }` (`vapidFromJson`), read once per container, at first use, so a cold start that never pushes
 * never pays for the read. A secret without both keys (as the stack creates it, before anyone put keys in)
 * means no pushes; keys that are there but malformed are an error every use repeats, for the alarms to see.
 * A read that failed (throttled, the network) is tried again at the next use. Asked for `fresh` keys (a
 * subscription names a key the container's copy does not know: a rotation since it read them), the secret
 * is read again if the copy at hand is older than `VAPID_REREAD_MS`.
 */
export class VapidSecret {
  private loading: Promise<VapidKeys | null> | undefined;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: VapidSecretOptions) {}

  readonly keys = (options: { fresh?: boolean } = {}): Promise<VapidKeys | null> => {
    const now = (this.options.now ?? Date.now)();
    if (options.fresh && now - this.readAt >= VAPID_REREAD_MS) this.loading = undefined;
    if (this.loading === undefined) {
      this.readAt = now;
      // Only a failed read is forgotten; malformed keys stay memoized as the rejection they are.
      const loading: Promise<VapidKeys | null> = this.read().then(
        (text) => this.keysIn(text),
        (error: unknown) => {
          if (this.loading === loading) this.loading = undefined;
          throw error;
        },
      );
      this.loading = loading;
    }
    return this.loading;
  };

  private async read(): Promise<string | undefined> {
    const [client, { GetSecretValueCommand }] = await Promise.all([
      this.options.client(),
      import('@aws-sdk/client-secrets-manager'),
    ]);
    try {
      const { SecretString } = await client.send(
        new GetSecretValueCommand({ SecretId: this.options.secretId }),
      );
      return SecretString;
    } finally {
      client.destroy();
    }
  }

  private keysIn(text: string | undefined): VapidKeys | null {
    const value = parse(text);
    if (typeof value?.publicKey !== 'string' || typeof value.privateKey !== 'string') {
      this.options.onUnset?.(
        `the secret ${this.options.secretId} holds no VAPID keys: no push notifications are sent`,
      );
      return null;
    }
    return vapidFromJson(value, `the secret ${this.options.secretId}`);
  }
}

function parse(text: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
