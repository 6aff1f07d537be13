import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GameHead, GameHeads } from '../../../ports/game-heads.js';
import { documentClient } from './client.js';
import {
  headKey,
  STALL_AT_ATTRIBUTE,
  STALL_INDEX,
  STALL_SHARD_ATTRIBUTE,
  STALL_SHARDS,
  stallShardKey,
} from './keys.js';
import { errorName } from './table.js';

export interface DynamoGameHeadsOptions {
  /** The caller owns the client. */
  client: DynamoDBClient;
  tableName: string;
}

/**
 * Game heads in the event table: one small item per game (`GAME#<id>` / `HEAD`), rewritten only by a commit
 * that changes the deadline the game waits for, a few times a phase. While it waits, the item carries the
 * keys of a sparse index (a shard of the game and the deadline's time), so one query per shard finds the
 * games whose deadline is past; a game that waits for nothing is not in the index at all.
 */
export class DynamoGameHeads implements GameHeads {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: DynamoGameHeadsOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
  }

  async note(gameId: string, seq: number, pending: { deadlineId: string; at: number } | null): Promise<void> {
    const waiting = pending === null ? null : { ...pending, shard: stallShardKey(shardOf(gameId)) };
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: headKey(gameId),
          UpdateExpression:
            waiting === null
              ? 'SET gameId = :game, seq = :seq REMOVE deadlineId, #shard, #at'
              : 'SET gameId = :game, seq = :seq, deadlineId = :deadline, #shard = :shard, #at = :at',
          ConditionExpression: 'attribute_not_exists(seq) OR seq < :seq',
          ExpressionAttributeNames: { '#shard': STALL_SHARD_ATTRIBUTE, '#at': STALL_AT_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':game': gameId,
            ':seq': seq,
            ...(waiting === null
              ? {}
              : { ':deadline': waiting.deadlineId, ':shard': waiting.shard, ':at': waiting.at }),
          },
        }),
      );
    } catch (error) {
      // A later commit's note is already there.
      if (errorName(error) !== 'ConditionalCheckFailedException') throw error;
    }
  }

  async waitingSince(before: number): Promise<GameHead[]> {
    const shards = Array.from({ length: STALL_SHARDS }, (_, shard) => this.queryShard(shard, before));
    return (await Promise.all(shards)).flat().sort((a, b) => a.at - b.at);
  }

  private async queryShard(shard: number, before: number): Promise<GameHead[]> {
    const heads: GameHead[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: STALL_INDEX,
          KeyConditionExpression: '#shard = :shard AND #at < :before',
          ExpressionAttributeNames: { '#shard': STALL_SHARD_ATTRIBUTE, '#at': STALL_AT_ATTRIBUTE },
          ExpressionAttributeValues: { ':shard': stallShardKey(shard), ':before': before },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        heads.push({
          gameId: item.gameId as string,
          deadlineId: item.deadlineId as string,
          at: Number(item[STALL_AT_ATTRIBUTE]),
          seq: Number(item.seq),
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return heads;
  }
}

function shardOf(gameId: string): number {
  return createHash('sha256').update(gameId).digest()[1] % STALL_SHARDS;
}
