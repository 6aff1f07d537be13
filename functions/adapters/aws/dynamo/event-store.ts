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

const KNOWN_GAMES = 10_000;

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
 * version it holds + 1, so a gap would be a bug in the caller; we still check. That is enough because
 * commits are never deleted: once seq - 1 exists it exists when the put lands. The store remembers, per
 * game, the highest seq it has seen exist (read, appended, or lost a race to), so in practice (the service
 * reads a game before it appends to it) no request is spent on the check; only a seq it knows nothing of
 * costs one strongly consistent GetItem of the previous commit.
 */
export class DynamoEventStore implements EventStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  /** Highest seq seen to exist, per game (least recently touched games dropped past KNOWN_GAMES). */
  private readonly known = new Map<string, number>();

  constructor(options: DynamoEventStoreOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
  }

  async append(commit: Commit): Promise<AppendResult> {
    if (!Number.isInteger(commit.seq) || commit.seq < 1) return { ok: false, reason: 'conflict' };
    if (commit.seq > MAX_SEQ) throw new RangeError(`seq ${commit.seq} does not fit the sort key`);
    const previousKnown = (this.known.get(commit.gameId) ?? 0) >= commit.seq - 1;
    if (commit.seq > 1 && !previousKnown && !(await this.exists(commit.gameId, commit.seq - 1))) {
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
      this.saw(commit.gameId, commit.seq);
      return { ok: true };
    } catch (error) {
      if (errorName(error) === 'ConditionalCheckFailedException') {
        // Someone else's commit holds this seq: it exists.
        this.saw(commit.gameId, commit.seq);
        return { ok: false, reason: 'conflict' };
      }
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
    const last = commits.at(-1);
    if (last !== undefined) this.saw(gameId, last.seq);
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

  private saw(gameId: string, seq: number): void {
    const highest = Math.max(seq, this.known.get(gameId) ?? 0);
    this.known.delete(gameId);
    this.known.set(gameId, highest);
    if (this.known.size > KNOWN_GAMES) this.known.delete(this.known.keys().next().value as string);
  }

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
