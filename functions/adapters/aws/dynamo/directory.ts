import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Audience, Binding, Directory, Place } from '../../../ports/directory.js';
import { documentClient } from './client.js';
import {
  audienceKey,
  connKey,
  GAME_CONN_PREFIX,
  gameConnSk,
  gamePk,
  gameRoomKey,
  roomKey,
  TTL_ATTRIBUTE,
  tokenSk,
} from './keys.js';
import { errorName } from './table.js';

export interface DynamoDirectoryOptions {
  /** The caller owns the client: `close()` leaves it open. */
  client: DynamoDBClient;
  /** A table laid out as described in table.ts. */
  tableName: string;
  /** Clock for connection expiry, in ms since the epoch. */
  now?: () => number;
}

type Seat = Place;

/**
 * Rooms, token hashes and connections in the event table (layout in table.ts). A connection is two items:
 * one keyed by its id (for `connection`) and one in its game's partition (for `connectionsOf`). DynamoDB's
 * TTL deletes expired ones only eventually (within days), so reads also drop items whose `expiresAt` passed.
 * A game's audience is counted from its spectator connections (no counter that a connection lost without
 * `$disconnect` would keep up); only its `rev` is an item of its own, raised after each spectator change.
 */
export class DynamoDirectory implements Directory {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly now: () => number;

  constructor(options: DynamoDirectoryOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
    this.now = options.now ?? Date.now;
  }

  async claimRoomCode(code: string, gameId: string, expiresAt?: number): Promise<boolean> {
    const ttl = expiresAt === undefined ? {} : { [TTL_ATTRIBUTE]: expiresAt };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...roomKey(code), kind: 'room', gameId, ...ttl },
          // TTL deletes an expired code only eventually (within days): until then it may be claimed over.
          ConditionExpression: `attribute_not_exists(pk) OR gameId = :gameId OR ${TTL_ATTRIBUTE} <= :now`,
          ExpressionAttributeValues: { ':gameId': gameId, ':now': this.now() / 1000 },
        }),
      );
      // Which code the game holds, for releaseRoom.
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...gameRoomKey(gameId), kind: 'roomOf', code, ...ttl },
        }),
      );
      return true;
    } catch (error) {
      if (errorName(error) === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async gameForCode(code: string): Promise<string | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: roomKey(code), ConsistentRead: true }),
    );
    if (Item === undefined || this.expired(Item[TTL_ATTRIBUTE] as number | undefined)) return null;
    return Item.gameId as string;
  }

  async releaseRoom(gameId: string): Promise<void> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: gameRoomKey(gameId), ConsistentRead: true }),
    );
    const code = Item?.code as string | undefined;
    if (code === undefined || Item?.released === true) return;
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: roomKey(code),
          ConditionExpression: 'gameId = :gameId',
          ExpressionAttributeValues: { ':gameId': gameId },
        }),
      );
    } catch (error) {
      // Already released, and maybe claimed since by another game: that claim stays.
      if (errorName(error) !== 'ConditionalCheckFailedException') throw error;
    }
    // Kept (until its own TTL) as the code the game held, for reclaimRoom; it frees nothing any more.
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: gameRoomKey(gameId),
        UpdateExpression: 'SET released = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  }

  async reclaimRoom(gameId: string, expiresAt: number): Promise<string | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: gameRoomKey(gameId), ConsistentRead: true }),
    );
    const code = Item?.code as string | undefined;
    if (code === undefined || this.expired(Item?.[TTL_ATTRIBUTE] as number | undefined)) return null;
    return (await this.claimRoomCode(code, gameId, expiresAt)) ? code : null;
  }

  async putToken(gameId: string, seat: Seat, tokenHash: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: gamePk(gameId), sk: tokenSk(tokenHash), kind: 'token', seat },
      }),
    );
  }

  async seatForToken(gameId: string, tokenHash: string): Promise<Seat | null> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: gamePk(gameId), sk: tokenSk(tokenHash) },
        ConsistentRead: true,
      }),
    );
    return (Item?.seat as Seat | undefined) ?? null;
  }

  async bindConnection(connectionId: string, binding: Binding, expiresAt: number): Promise<void> {
    const { gameId, seat } = binding;
    const watcher = binding.watcher === undefined ? {} : { watcher: binding.watcher };
    const [previous] = await Promise.all([
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...connKey(connectionId), kind: 'connection', gameId, seat, ...watcher, expiresAt },
          ReturnValues: 'ALL_OLD',
        }),
      ),
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: gamePk(gameId),
            sk: gameConnSk(connectionId),
            kind: 'gameConn',
            seat,
            ...watcher,
            expiresAt,
          },
        }),
      ),
    ]);
    const previousGame = previous.Attributes?.gameId as string | undefined;
    if (previousGame !== undefined && previousGame !== gameId) {
      await this.deleteGameConn(previousGame, connectionId);
      if (previous.Attributes?.seat === 'spectator') await this.bumpAudience(previousGame);
    }
    if (seat === 'spectator') await this.bumpAudience(gameId);
  }

  async connection(connectionId: string): Promise<Binding | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: connKey(connectionId), ConsistentRead: true }),
    );
    if (Item === undefined || this.expired(Item.expiresAt as number)) return null;
    const watcher = Item.watcher as string | undefined;
    return {
      gameId: Item.gameId as string,
      seat: Item.seat as Seat,
      ...(watcher === undefined ? {} : { watcher }),
    };
  }

  async unbindConnection(connectionId: string): Promise<void> {
    const { Attributes } = await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: connKey(connectionId), ReturnValues: 'ALL_OLD' }),
    );
    if (Attributes === undefined) return;
    await this.deleteGameConn(Attributes.gameId as string, connectionId);
    if (Attributes.seat === 'spectator') {
      await this.bumpAudience(Attributes.gameId as string);
    }
  }

  async connectionsOf(gameId: string): Promise<Array<{ connectionId: string; seat: Seat }>> {
    const live: Array<{ connectionId: string; seat: Seat }> = [];
    for await (const item of this.liveGameConns(gameId)) {
      live.push({
        connectionId: (item.sk as string).slice(GAME_CONN_PREFIX.length),
        seat: item.seat as Seat,
      });
    }
    return live;
  }

  async audience(gameId: string): Promise<Audience> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: audienceKey(gameId), ConsistentRead: true }),
    );
    const watchers = new Set<string>();
    for await (const item of this.liveGameConns(gameId, 'spectator')) {
      watchers.add((item.watcher as string | undefined) ?? (item.sk as string));
    }
    return { count: watchers.size, rev: (Item?.rev as number | undefined) ?? 0 };
  }

  async close(): Promise<void> {}

  /**
   * Raised after the change is written (see `Audience`). The item has no TTL: deleted while someone is still
   * connected, it would start `rev` again below what his phone holds, and his phone would ignore the counts.
   */
  private async bumpAudience(gameId: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: audienceKey(gameId),
        UpdateExpression: 'ADD rev :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  /** The game's connection items not yet expired (only the spectators', when asked), page after page. */
  private async *liveGameConns(gameId: string, only?: 'spectator'): AsyncGenerator<Record<string, unknown>> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          FilterExpression: only ? 'expiresAt > :now AND seat = :seat' : 'expiresAt > :now',
          ExpressionAttributeValues: {
            ':pk': gamePk(gameId),
            ':prefix': GAME_CONN_PREFIX,
            ':now': this.now() / 1000,
            ...(only ? { ':seat': only } : {}),
          },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      yield* page.Items ?? [];
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
  }

  private async deleteGameConn(gameId: string, connectionId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: gamePk(gameId), sk: gameConnSk(connectionId) } }),
    );
  }

  /** The same rule as the in-memory twins: expired once `expiresAt` (seconds) is not in the future. */
  private expired(expiresAt: number | undefined): boolean {
    return expiresAt !== undefined && expiresAt * 1000 <= this.now();
  }
}
