import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PushBook, PushReader, PushSubscriber, PushTarget } from '../../../ports/push.js';
import { documentClient } from './client.js';
import { endpointGameKey, gamePk, gamePushKey, PUSH_PREFIX, TTL_ATTRIBUTE } from './keys.js';

export interface DynamoPushBookOptions {
  /** The caller owns the client. */
  client: DynamoDBClient;
  /** A table laid out as described in table.ts. */
  tableName: string;
  /** Clock for expiry, in ms since the epoch. */
  now?: () => number;
}

type Item = Record<string, unknown>;

/**
 * Push subscriptions in the event table (layout in table.ts). A subscription is two items: one in its game's
 * partition, which the projector queries when the game enters a new phase, and one under its endpoint naming
 * the game, so that an endpoint the push service dropped is found in every game by one query. Both carry the
 * subscription's `expiresAt`; DynamoDB's TTL deletes them only eventually, so reads also drop expired ones.
 * The game's item also holds `serverKey`, the VAPID public key the subscription was made under; an item
 * written before keys were recorded has none and reads as null.
 */
export class DynamoPushBook implements PushBook {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly now: () => number;

  constructor(options: DynamoPushBookOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
    this.now = options.now ?? Date.now;
  }

  async save(
    gameId: string,
    { reader, target, serverKey }: PushSubscriber,
    expiresAt: number,
  ): Promise<void> {
    const hash = endpointHash(target.endpoint);
    const { endpoint, keys } = target;
    // The endpoint's item first: a subscription the game's partition holds is then always findable by
    // `forget`, even if the second put fails (an orphaned endpoint item only costs a delete later).
    await this.put({
      ...endpointGameKey(hash, gameId),
      kind: 'pushGame',
      gameId,
      [TTL_ATTRIBUTE]: expiresAt,
    });
    await this.put({
      ...gamePushKey(gameId, hash),
      kind: 'push',
      reader,
      endpoint,
      keys,
      ...(serverKey === null ? {} : { serverKey }),
      [TTL_ATTRIBUTE]: expiresAt,
    });
  }

  async forGame(gameId: string): Promise<PushSubscriber[]> {
    const items = await this.query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: `${TTL_ATTRIBUTE} > :now`,
      ExpressionAttributeValues: { ':pk': gamePk(gameId), ':prefix': PUSH_PREFIX, ':now': this.now() / 1000 },
    });
    return items.map((item) => {
      const keys = item.keys as PushTarget['keys'];
      return {
        reader: item.reader as PushReader,
        target: { endpoint: item.endpoint as string, keys: { p256dh: keys.p256dh, auth: keys.auth } },
        serverKey: typeof item.serverKey === 'string' ? item.serverKey : null,
      };
    });
  }

  async forget(endpoint: string): Promise<void> {
    const hash = endpointHash(endpoint);
    const games = await this.query({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': endpointGameKey(hash, '').pk },
    });
    // Games at once; within a game, the endpoint's item last, for the same reason as in `save`.
    await Promise.all(
      games.map(async (item) => {
        const gameId = item.gameId as string;
        await this.delete(gamePushKey(gameId, hash));
        await this.delete(endpointGameKey(hash, gameId));
      }),
    );
  }

  async close(): Promise<void> {}

  private async put(item: Item): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: item }));
  }

  private async delete(key: { pk: string; sk: string }): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: key }));
  }

  private async query(
    input: Pick<
      ConstructorParameters<typeof QueryCommand>[0],
      'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeValues'
    >,
  ): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...input,
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return items;
  }
}

/** base64url SHA-256: 43 characters whatever the endpoint's length (up to 1,000 by the protocol). */
const endpointHash = (endpoint: string): string => createHash('sha256').update(endpoint).digest('base64url');
