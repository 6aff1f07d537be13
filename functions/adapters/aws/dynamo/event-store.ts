import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AppendResult, Commit, EventStore } from '../../../ports/event-store.js';
import { documentClient } from './client.js';
import { commitFromItem, commitToItem } from './commit-item.js';
import { commitSk, gamePk, lastCommitSk, MAX_SEQ } from './keys.js';
import { errorName } from './table.js';

export interface DynamoEventStoreOptions {
  /** The caller owns the client: `close()` leaves it open. */
  client: DynamoDBClient;
  /** A table laid out as described in table.ts. */
  tableName: string;
}

/**
 * The event store on DynamoDB: one item per commit (table layout in table.ts).
 *
 * `append` is a PutItem conditioned on `attribute_not_exists(pk)`: of two racing commits with the same seq,
 * DynamoDB lets exactly one in. The port also promises that a gap is rejected, which a single conditional
 * put cannot see without transactions (dynalite has none). The application service always appends the
 * version it holds + 1, so a gap would be a bug in the caller; we still check, with one strongly consistent
 * GetItem of the previous commit before the put. That is enough because commits are never deleted: once
 * seq - 1 exists it exists when the put lands. The cost is half a read unit and one round trip per command.
 */
export class DynamoEventStore implements EventStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: DynamoEventStoreOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
  }

  async append(commit: Commit): Promise<AppendResult> {
    if (!Number.isInteger(commit.seq) || commit.seq < 1) return { ok: false, reason: 'conflict' };
    if (commit.seq > MAX_SEQ) throw new RangeError(`seq ${commit.seq} does not fit the sort key`);
    if (commit.seq > 1 && !(await this.exists(commit.gameId, commit.seq - 1))) {
      return { ok: false, reason: 'conflict' };
    }
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: commitToItem(commit),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { ok: true };
    } catch (error) {
      if (errorName(error) === 'ConditionalCheckFailedException') return { ok: false, reason: 'conflict' };
      throw error;
    }
  }

  /**
   * A range on the sort key (`BETWEEN C#<after + 1> AND C#9999999999`) rather than `sk > C#<after>`: the
   * game's token and connection items share the partition and sort after every commit ('O' > '#'), and a
   * filter cannot name a key attribute. Strongly consistent, so the loser of a race sees the winner.
   */
  async read(gameId: string, afterSeq = 0): Promise<Commit[]> {
    if (afterSeq >= MAX_SEQ) return [];
    const commits: Commit[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': gamePk(gameId),
            ':from': commitSk(Math.max(0, afterSeq) + 1),
            ':to': lastCommitSk,
          },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) commits.push(commitFromItem(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return commits;
  }

  /**
   * A Scan for first commits rather than a GSI: only the local runtime calls this, on start-up, to re-arm
   * timers (on AWS the deadlines live in Step Functions), so a table-wide read there is cheap, while a GSI
   * would cost a write on every game on AWS for nothing.
   */
  async listGames(): Promise<string[]> {
    const games: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'kind = :commit AND seq = :first',
          ExpressionAttributeValues: { ':commit': 'commit', ':first': 1 },
          ProjectionExpression: 'gameId',
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) games.push(item.gameId as string);
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return games;
  }

  async close(): Promise<void> {}

  private async exists(gameId: string, seq: number): Promise<boolean> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: gamePk(gameId), sk: commitSk(seq) },
        ProjectionExpression: 'pk',
        ConsistentRead: true,
      }),
    );
    return Item !== undefined;
  }
}
