import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface LinkKeySecretOptions {
  /** Made at the first read: a container that signs and checks no read-only link never loads the client. */
  client: () => Promise<SecretsManagerClient>;
  /** The secret's ARN or name. */
  secretId: string;
  /** What the secret holds, for the error an empty one gives; default the read-only link key. */
  holds?: string;
}

/**
 * The key read-only links are signed with, read from its Secrets Manager secret at run time, once per
 * container at first use, so it is never in the function's configuration (where anyone who may read the
 * function's settings would see it). A read that failed is tried again at the next use; an empty secret is
 * an error, never an empty key.
 */
export class LinkKeySecret {
  private loading: Promise<string> | undefined;

  constructor(private readonly options: LinkKeySecretOptions) {}

  readonly key = (): Promise<string> => {
    if (this.loading === undefined) {
      const loading = this.read().catch((error: unknown) => {
        if (this.loading === loading) this.loading = undefined;
        throw error;
      });
      this.loading = loading;
    }
    return this.loading;
  };

  private async read(): Promise<string> {
    const [client, { GetSecretValueCommand }] = await Promise.all([
      this.options.client(),
      import('@aws-sdk/client-secrets-manager'),
    ]);
    try {
      const { SecretString } = await client.send(
        new GetSecretValueCommand({ SecretId: this.options.secretId }),
      );
      if (!SecretString)
        throw new Error(
          `the secret ${this.options.secretId} holds no ${this.options.holds ?? 'read-only link key'}`,
        );
      return SecretString;
    } finally {
      client.destroy();
    }
  }
}
