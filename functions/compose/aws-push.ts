import { DynamoPushBook } from '../adapters/aws/dynamo/push-book.js';
import { logger, traced } from '../adapters/aws/powertools.js';
import { VapidSecret } from '../adapters/aws/secrets/vapid-secret.js';
import { publicPushEndpoints, pushHostsFromEnv } from '../adapters/push/push-endpoints.js';
import { WebPushSender } from '../adapters/push/web-push-sender.js';
import type { PushPorts } from '../ports/push.js';
import { dynamoClient, type Env, required } from './aws.js';

/**
 * Web Push (the $default handler keeps subscriptions and hands out the key, the projector pushes):
 * subscriptions in the table, the VAPID keys in the Secrets Manager secret VAPID_SECRET_ARN names, read at
 * the container's first push or key request. Without the variable the function sends no pushes and keeps
 * no subscriptions. `PUSH_HOSTS` (comma-separated hosts, `.suffix` for subdomains) narrows where pushes may
 * go to those push services; without it any https endpoint on a public address is taken.
 */
export function pushFromEnv(env: Env = process.env): PushPorts | undefined {
  const secretId = env.VAPID_SECRET_ARN;
  if (!secretId) return undefined;
  const secret = new VapidSecret({
    client: async () => {
      const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
      return traced(new SecretsManagerClient({}));
    },
    secretId,
    onUnset: (message) => logger.warn(message),
  });
  return {
    book: new DynamoPushBook({ client: dynamoClient(), tableName: required(env, 'TABLE_NAME') }),
    sender: new WebPushSender(secret.keys, {
      onDropped: (message) => logger.warn(message),
      endpoints: publicPushEndpoints({ allowHosts: pushHostsFromEnv(env.PUSH_HOSTS) }),
    }),
  };
}
