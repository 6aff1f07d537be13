import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { KeepResult, KeptTournament, TournamentBook } from '../../../ports/tournament-book.js';
import { documentClient } from './client.js';
import { tournamentKey } from './keys.js';
import { errorName } from './table.js';

export interface DynamoTournamentBookOptions {
  /** The caller owns the client. */
  client: DynamoDBClient;
  tableName: string;
}

/**
 * Tournaments in the event table: one item each (`TOURNAMENT#<id>` / `TOURNAMENT`), the document as one JSON
 * string and its revision beside it, so that a change lands only on the revision it was made from.
 */
export class DynamoTournamentBook implements TournamentBook {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: DynamoTournamentBookOptions) {
    this.db = documentClient(options.client);
    this.table = options.tableName;
  }

  async keep(t: KeptTournament): Promise<KeepResult> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...tournamentKey(t.id), rev: t.rev, body: JSON.stringify(t) },
          ConditionExpression: t.rev === 1 ? 'attribute_not_exists(pk)' : 'rev = :previous',
          ...(t.rev === 1 ? {} : { ExpressionAttributeValues: { ':previous': t.rev - 1 } }),
        }),
      );
      return 'kept';
    } catch (error) {
      if (errorName(error) === 'ConditionalCheckFailedException') return 'conflict';
      throw error;
    }
  }

  async get(id: string): Promise<KeptTournament | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: tournamentKey(id), ConsistentRead: true }),
    );
    return r.Item === undefined ? null : (JSON.parse(r.Item.body as string) as KeptTournament);
  }

  async close(): Promise<void> {}
}
