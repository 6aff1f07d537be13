import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeadlineBook } from '../../../ports/deadline-book.js';
import type { DeadlineJob } from '../../../ports/scheduler.js';
import { documentClient } from './client.js';
import { DUE_SHARDS, dueKey, dueShardPk } from './keys.js';

export interface DynamoDeadlineBookOptions {
  /** The caller owns the client. */
  client: DynamoDBClient;
  tableName: string;
}

const MINUTE = 60_000;
/** A deadline record nobody cleared (its game was abandoned) is reclaimed by TTL a day after its time. */
const KEEP_SECONDS = 24 * 3600;

/**
 * The deadline book in the event table: one item per pending deadline, under the minute it falls due and
 * one of a few shards of that minute (by game), so the sweeper reads a handful of small partitions per
 * minute instead of scanning, and a minute with many deadlines spreads its writes over several partitions.
 */
export class DynamoDeadlineBook implements DeadlineBook {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: DynamoDeadlineBookOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
  }

  async arm(job: DeadlineJob): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...dueKey(job, shardOf(job.gameId)),
          kind: 'deadline',
          gameId: job.gameId,
          deadlineId: job.deadlineId,
          at: job.at,
          expiresAt: Math.ceil(job.at / 1000) + KEEP_SECONDS,
        },
      }),
    );
  }

  async overdue(before: number, lookbackMs: number): Promise<DeadlineJob[]> {
    const partitions: string[] = [];
    for (
      let minute = Math.floor((before - lookbackMs) / MINUTE);
      minute <= Math.floor(before / MINUTE);
      minute++
    ) {
      for (let shard = 0; shard < DUE_SHARDS; shard++) partitions.push(dueShardPk(minute * MINUTE, shard));
    }
    const pages = await Promise.all(partitions.map((pk) => this.queryAll(pk)));
    return pages
      .flat()
      .map((item) => ({
        gameId: item.gameId as string,
        deadlineId: item.deadlineId as string,
        at: Number(item.at),
      }))
      .filter((job) => job.at < before)
      .sort((a, b) => a.at - b.at);
  }

  async clear(job: DeadlineJob): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: dueKey(job, shardOf(job.gameId)) }));
  }

  private async queryAll(pk: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return items;
  }
}

function shardOf(gameId: string): number {
  return createHash('sha256').update(gameId).digest()[0] % DUE_SHARDS;
}
