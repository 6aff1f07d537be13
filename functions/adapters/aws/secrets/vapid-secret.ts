import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { checkedVapid, type VapidKeys } from '../../push/web-push-sender.js';

export interface VapidSecretOptions {
  /** Made at the first read: a container that never pushes never loads the client. */
  client: () => Promise<SecretsManagerClient>;
  /** The secret's ARN or name. */
  secretId: string;
  /** Told once when the secret holds no keys yet, so the deployment runs without pushes. */
  onUnset?: (message: string) => void;
}

/**
 * The VAPID keys in a Secrets Manager secret, a JSON object `{ "publicKey", "privateKey", "subject" }`, read
 * once per container, at first use, so a cold start that never pushes never pays for the read. A secret
 * without both keys (as the stack creates it, before anyone put keys in) means no pushes; keys that are
 * there but malformed are an error every use repeats, for the alarms to see. A read that failed (throttled,
 * the network) is tried again at the next use.
 */
export class VapidSecret {
  private loading: Promise<VapidKeys | null> | undefined;

  constructor(private readonly options: VapidSecretOptions) {}

  readonly keys = (): Promise<VapidKeys | null> => {
    // Only a failed read is forgotten; malformed keys stay memoized as the rejection they are.
    this.loading ??= this.read().then(
      (text) => this.keysIn(text),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
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
    const subject = typeof value.subject === 'string' ? value.subject : '';
    return checkedVapid({ publicKey: value.publicKey, privateKey: value.privateKey, subject });
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
