import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDeadlineBook } from '../adapters/aws/dynamo/deadline-book.js';
import { DynamoDirectory } from '../adapters/aws/dynamo/directory.js';
import { DynamoEventStore } from '../adapters/aws/dynamo/event-store.js';
import { DynamoGameHeads } from '../adapters/aws/dynamo/game-heads.js';
import { DynamoTournamentBook } from '../adapters/aws/dynamo/tournament-book.js';
import { powertoolsMeter, traced } from '../adapters/aws/powertools.js';
import { LinkKeySecret } from '../adapters/aws/secrets/link-key-secret.js';
import { logKeyFromSecret } from '../adapters/aws/secrets/log-key-secret.js';
import { ed25519Signer } from '../adapters/signing/ed25519.js';
import { systemClock } from '../adapters/system/clock.js';
import { randomIds } from '../adapters/system/random-ids.js';
import { type App, createApp } from '../app/app.js';
import { type LogAccessPorts, readLinkTtlFromEnv } from '../app/log-access.js';
import type { FanOut } from '../ports/fan-out.js';
import type { LogSigner } from '../ports/log-signer.js';
import type { PushPorts } from '../ports/push.js';
import type { Scheduler } from '../ports/scheduler.js';

export type Env = Record<string, string | undefined>;

export function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** One client per container, reused across invocations (the SDK keeps its sockets alive). */
let dynamo: DynamoDBClient | undefined;
export const dynamoClient = (): DynamoDBClient => {
  dynamo ??= traced(new DynamoDBClient({}));
  return dynamo;
};

export function directoryFromEnv(env: Env = process.env): DynamoDirectory {
  return new DynamoDirectory({ client: dynamoClient(), tableName: required(env, 'TABLE_NAME') });
}

/**
 * The finished-game download: the log and the tokens in the table, and the read-only links' key, read from
 * its secret (REPLAY_LINK_KEY_SECRET) at first use.
 */
export function logAccessFromEnv(env: Env = process.env): LogAccessPorts {
  const signer = logSignerFromEnv(env);
  if (signer === undefined) throw new Error('LOG_SIGNING_KEY_SECRET is not set');
  const secret = new LinkKeySecret({
    secretId: required(env, 'REPLAY_LINK_KEY_SECRET'),
    client: async () => {
      const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
      return traced(new SecretsManagerClient({}));
    },
  });
  return {
    store: new DynamoEventStore({ client: dynamoClient(), tableName: required(env, 'TABLE_NAME') }),
    directory: directoryFromEnv(env),
    linkKey: secret.key,
    clock: systemClock,
    readLinkTtlSeconds: readLinkTtlFromEnv(env.READ_LINK_TTL_DAYS),
    signer,
  };
}

/**
 * The deployment's log signing key, from its secret (LOG_SIGNING_KEY_SECRET) at first use: given to the
 * functions that can end a game (their receipts) and to the download (its seals). Undefined where unset.
 */
export function logSignerFromEnv(env: Env = process.env): LogSigner | undefined {
  const secretId = env.LOG_SIGNING_KEY_SECRET;
  if (!secretId) return undefined;
  const secret = new LinkKeySecret({
    secretId,
    holds: 'log signing key',
    client: async () => {
      const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
      return traced(new SecretsManagerClient({}));
    },
  });
  return ed25519Signer(async () => logKeyFromSecret(await secret.key()));
}

/** A port this function was given no configuration for: using it is a deployment mistake, said loudly. */
function missing<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => () =>
      Promise.reject(new Error(`${name} is not given to this function (${String(property)})`)),
  });
}

/** What a handler brings besides the table: only the clients it uses, so it loads only those. */
export interface AwsParts {
  fanOut?: FanOut;
  scheduler?: Scheduler;
  push?: PushPorts;
}

/**
 * The application service on AWS: DynamoDB for the log, the directory, the deadline book and the games'
 * heads, plus what the handler brings — API Gateway's management API to reach sockets, a deadline
 * scheduler, Web Push. A handler that brings no fan-out or scheduler gets ports that refuse to be used; one
 * without push sends none.
 */
export function appOnAws(parts: AwsParts = {}, env: Env = process.env): App {
  const client = dynamoClient();
  const tableName = required(env, 'TABLE_NAME');
  return createApp({
    store: new DynamoEventStore({ client, tableName }),
    directory: directoryFromEnv(env),
    deadlines: new DynamoDeadlineBook({ client, tableName }),
    heads: new DynamoGameHeads({ client, tableName }),
    fanOut: parts.fanOut ?? missing<FanOut>('a fan-out'),
    scheduler: parts.scheduler ?? missing<Scheduler>('a deadline scheduler'),
    meter: powertoolsMeter,
    clock: systemClock,
    ids: randomIds,
    push: parts.push,
    logSigner: logSignerFromEnv(env),
    tournaments: new DynamoTournamentBook({ client, tableName }),
  });
}
