import { type DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';
import { commitSk, gamePk, lastCommitSk } from '../../functions/adapters/aws/dynamo/keys.js';
import { DynamoPushBook } from '../../functions/adapters/aws/dynamo/push-book.js';
import { createTableIfMissing } from '../../functions/adapters/aws/dynamo/table.js';
import { lambdaContext } from '../../functions/local/lambda-context.js';
import type { WsEvent } from '../../functions/middleware/ws-event.js';
import type { ServerFrame } from '../../shared/index.js';
import { type DynamoDbLocal, startDynamoDbLocal } from '../support/dynamodb-local.js';
import { FakeConnectionsApi } from '../support/fake-apigw-management.js';
import { FakeSecretsManager } from '../support/fake-secrets-manager.js';
import { FakeStepFunctions } from '../support/fake-step-functions.js';
import { PushEndpoint } from '../support/push-endpoint.js';
import { uniqueId } from '../support/store-contract.js';

// The functions post only to https push services on public addresses: the test's service is given a public
// name and address (a documentation address would be refused), and its requests carried to it on loopback.
const PUSH_HOST = 'push.sleeping-city.test';
vi.mock('node:dns/promises', async (original) => ({
  ...(await original<typeof import('node:dns/promises')>()),
  lookup: async (host: string) => {
    if (host !== PUSH_HOST) throw new Error(`${host} is not resolved in this test`);
    return [{ address: '93.184.216.34', family: 4 }];
  },
}));

/**
 * The AWS path of a push, in this process: the deployed handler modules ($default, projector, deadline),
 * composed from their environment as Lambda composes them, with the real SDK clients pointed at DynamoDB
 * Local, fakes of API Gateway's management API, Step Functions and Secrets Manager, and a local push
 * service that decrypts what it gets. The table's stream is played by reading each new commit item back
 * and handing it to the projector as its stream record.
 */

type Handler<E, R> = (event: E, context: Context) => Promise<R>;

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:host@sleeping.city' };
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:sleeping-city/vapid-AbCdEf';
const STATE_MACHINE_ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:Deadlines';
const tableName = uniqueId('events');

let db: DynamoDbLocal;
let client: DynamoDBClient;
let sockets: FakeConnectionsApi;
let stepFunctions: FakeStepFunctions;
let secrets: FakeSecretsManager;
let pushService: PushEndpoint;
let onDefault: Handler<WsEvent, unknown>;
let onStream: Handler<DynamoDBStreamEvent, DynamoDBBatchResponse>;
let onDeadline: Handler<unknown, { outcome: string }>;
const savedEnv = { ...process.env };

beforeAll(async () => {
  db = await startDynamoDbLocal();
  client = localDynamoClient(db.endpoint);
  await createTableIfMissing(client, tableName);
  [sockets, stepFunctions, secrets, pushService] = await Promise.all([
    new FakeConnectionsApi().start(),
    new FakeStepFunctions().start(),
    new FakeSecretsManager().start(),
    new PushEndpoint(PUSH_HOST).start(),
  ]);
  secrets.put(SECRET_ARN, JSON.stringify(vapid));
  const realFetch = globalThis.fetch;
  const push = pushService.route.post;
  vi.stubGlobal('fetch', (url: string | URL | Request, init?: RequestInit) =>
    String(url).startsWith(`https://${PUSH_HOST}:`) ? push(String(url), init ?? {}) : realFetch(url, init),
  );
  Object.assign(process.env, {
    // DynamoDB Local keeps one database per region and key: the table was made with localDynamoClient's.
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
    AWS_ENDPOINT_URL_SFN: stepFunctions.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    TABLE_NAME: tableName,
    WS_ENDPOINT: sockets.endpoint,
    STATE_MACHINE_ARN,
    VAPID_SECRET_ARN: SECRET_ARN,
    // Only errors in the test's output: the functions' info lines and metrics are for CloudWatch.
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  // Loaded anew, as a container loads them: a file run before this one in the same worker may hold them
  // already, bound to the real name lookup rather than this file's.
  vi.resetModules();
  onDefault = (await import('../../functions/handlers/default.js')).handler;
  onStream = (await import('../../functions/handlers/projector.js')).handler;
  onDeadline = (await import('../../functions/handlers/deadline.js')).handler as typeof onDeadline;
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  process.env = savedEnv;
  client?.destroy();
  await Promise.all([sockets?.close(), stepFunctions?.close(), secrets?.close(), pushService?.close()]);
  await db?.close();
});

/** What API Gateway posted to a connection so far, oldest first. */
const postedTo = (connectionId: string): ServerFrame[] =>
  sockets.posts.filter((p) => p.connectionId === connectionId).map((p) => JSON.parse(p.body) as ServerFrame);

/** One frame from a socket through the $default function; its reply is the frames posted meanwhile. */
async function send(connectionId: string, frame: object): Promise<ServerFrame[]> {
  const before = postedTo(connectionId).length;
  const event: WsEvent = {
    requestContext: { routeKey: '$default', connectionId, eventType: 'MESSAGE' },
    body: JSON.stringify(frame),
    isBase64Encoded: false,
  };
  await onDefault(event, lambdaContext('default'));
  return postedTo(connectionId).slice(before);
}

/** A game on the table, its stream played into the projector. */
class StreamedGame {
  private delivered = 0;
  constructor(readonly gameId: string) {}

  /** Every commit after the last delivered, as one stream batch, through the projector function. */
  async flow(): Promise<DynamoDBBatchResponse> {
    const { Items = [] } = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': { S: gamePk(this.gameId) },
          ':from': { S: commitSk(this.delivered + 1) },
          ':to': { S: lastCommitSk },
        },
        ConsistentRead: true,
      }),
    );
    const Records = Items.map((item): DynamoDBRecord => {
      // A commit item holds only strings and numbers, which both shapes write alike.
      const image = item as NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
      const seq = Number(image.seq.N);
      return {
        eventID: `${this.gameId}-${seq}`,
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        dynamodb: {
          Keys: { pk: image.pk, sk: image.sk },
          NewImage: image,
          SequenceNumber: String(seq).padStart(21, '0'),
          StreamViewType: 'NEW_IMAGE',
        },
      };
    });
    this.delivered += Records.length;
    return onStream({ Records }, lambdaContext('projector'));
  }
}

const phasesPushedTo = (name: string) => pushService.pushesTo(name).map((p) => JSON.parse(p.plaintext));

describe('Web Push on AWS: the projector function pushes each new phase', () => {
  it('given a forum game whose seats subscribed through the $default function, when it starts and its day runs out, then each subscriber gets one encrypted push per phase, a revoked one is forgotten and a refused one fails no batch', async () => {
    // given a forum table of seven with a one-second day, seats 1 and 2 and the host subscribed
    const [created] = await send('host', {
      action: 'create',
      settings: { preset: 'forum', timers: { day: 1 } },
      name: 'Hana',
    });
    if (created.type !== 'created') throw new Error(JSON.stringify(created));
    const game = new StreamedGame(created.gameId);
    for (let seat = 1; seat <= 7; seat++) {
      const [joined] = await send(`p${seat}`, { action: 'join', code: created.code, name: `Player ${seat}` });
      expect(joined).toMatchObject({ type: 'joined', seat });
    }
    expect(await game.flow()).toEqual({ batchItemFailures: [] });
    expect(await send('p1', { action: 'pushKey' })).toEqual([{ type: 'pushKey', key: vapid.publicKey }]);
    for (const [connection, name] of [
      ['p1', 'seat-1'],
      ['p2', 'seat-2'],
      ['host', 'host'],
      ['p3', 'revoked'],
    ]) {
      const subscription = pushService.subscribe(name);
      expect(await send(connection, { action: 'push', subscription })).toEqual([{ type: 'pushSaved' }]);
    }
    // seat 3 revoked his subscription; seat 4's push service refuses his pushes (400: unknown to it)
    pushService.gone('revoked');
    const stranger = {
      ...pushService.subscribe('known'),
      endpoint: `${pushService.subscribe('x').endpoint}-stranger`,
    };
    expect(await send('p4', { action: 'push', subscription: stranger })).toEqual([{ type: 'pushSaved' }]);

    // when the host starts the game and the commits reach the projector
    const [ack] = await send('host', { action: 'command', commandId: 'start-1', command: { type: 'start' } });
    expect(ack).toMatchObject({ type: 'ack' });
    expect(await game.flow()).toEqual({ batchItemFailures: [] });

    // then day 1 is pushed to each subscriber, signed with the keys from the secret
    const day = { type: 'phase', gameId: game.gameId, phase: { kind: 'day', round: 1 } };
    for (const name of ['seat-1', 'seat-2', 'host']) expect(phasesPushedTo(name)).toEqual([day]);
    for (const push of pushService.received) {
      expect(push.signer).toBe(vapid.publicKey);
      expect(push.claims.sub).toBe(vapid.subject);
    }
    expect(pushService.refused).toEqual(['x-stranger: no such subscription']);
    // the revoked subscription is gone from the table; the refused one stays (the service may be down)
    const book = new DynamoPushBook({ client, tableName });
    const readers = (await book.forGame(game.gameId)).map((r) => String(r.reader));
    expect(readers.sort()).toEqual(['1', '2', '4', 'host']);

    // when the day's deadline, armed through Step Functions, fires the deadline function
    const execution = stepFunctions.executions.find((e) => JSON.parse(e.input).gameId === game.gameId);
    if (execution === undefined) throw new Error('no deadline was scheduled');
    expect(await onDeadline(JSON.parse(execution.input), lambdaContext('deadline'))).toEqual({
      outcome: 'fired',
    });
    expect(await game.flow()).toEqual({ batchItemFailures: [] });

    // then night 1 follows day 1 for everyone still subscribed, and the secret was read once per function
    const night = { type: 'phase', gameId: game.gameId, phase: { kind: 'night', round: 1 } };
    for (const name of ['seat-1', 'seat-2', 'host']) expect(phasesPushedTo(name)).toEqual([day, night]);
    expect(pushService.pushesTo('revoked')).toEqual([]);
    expect(secrets.reads).toEqual([SECRET_ARN, SECRET_ARN]);
  }, 60_000);
});
