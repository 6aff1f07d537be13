/**
 * THE TABLE. Infra (CDK) must create exactly this; `createTableIfMissing` below creates it for local runs
 * and tests.
 *
 *   partition key  pk  (String)
 *   sort key       sk  (String)
 *   billing        PAY_PER_REQUEST
 *   stream         NEW_IMAGE (the projector filters on kind = "commit")
 *   TTL attribute  expiresAt (epoch seconds; connection, deadline, room code and push items carry it)
 *   GSIs           `stalled`: stallShard (S) / stallAt (N), INCLUDE gameId, deadlineId, seq; sparse, only
 *                  game heads waiting for a deadline carry its keys (game-heads.ts). listGames scans.
 *
 * Items:
 *
 *   pk                sk                   kind          other attributes
 *   GAME#<gameId>     C#<seq, 10 digits>   commit        gameId, seq, commandId, actor, at, command and
 *                                                        events (JSON strings), prevHash, hash
 *   GAME#<gameId>     TOKEN#<tokenHash>    token         seat (number or "host")
 *   GAME#<gameId>     CONN#<connId>        gameConn      seat, watcher (a spectator's), expiresAt
 *   GAME#<gameId>     HEAD                 —             gameId, seq, and while the game waits for a
 *                                                        deadline: deadlineId, stallShard (STALL#<n>),
 *                                                        stallAt (the deadline's time)
 *   GAME#<gameId>     AUDIENCE             —             rev (raised at each spectator change; no TTL)
 *   GAME#<gameId>     ROOM                 roomOf        code, released?, expiresAt (the code the game holds;
 *                                                        once released, the one it held, for reclaimRoom)
 *   ROOM#<code>       ROOM                 room          gameId, expiresAt (free again once it passed)
 *   CONN#<connId>     CONN                 connection    gameId, seat, watcher, expiresAt
 *   GAME#<gameId>     PUSH#<endpointHash>  push          reader (seat or "host"), endpoint, keys {p256dh,
 *                                                        auth}, serverKey (the VAPID key it was made
 *                                                        under; absent on items from before keys were
 *                                                        recorded), expiresAt (a reader's Web Push
 *                                                        subscription)
 *   PUSH#<endpointHash>
 *                     GAME#<gameId>        pushGame      gameId, expiresAt (where that endpoint is
 *                                                        subscribed, to forget it everywhere)
 *   DUE#<minute>#<n>  <gameId>#<deadlineId>#<at>
 *                                          deadline      gameId, deadlineId, at, expiresAt (a pending
 *                                                        deadline; <minute> is when it falls due, UTC)
 *   TOURNAMENT#<id>   TOURNAMENT           —             rev, body (the kept tournament as JSON, tournament-book.ts)
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { STALL_AT_ATTRIBUTE, STALL_INDEX, STALL_SHARD_ATTRIBUTE, TTL_ATTRIBUTE } from './keys.js';

const ACTIVE_TIMEOUT_MS = 30_000;

/** Creates the table above unless it exists, and waits until it is ACTIVE. Safe to race. */
export async function createTableIfMissing(client: DynamoDBClient, tableName: string): Promise<void> {
  if ((await tableStatus(client, tableName)) === null) {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: 'S' },
            { AttributeName: STALL_SHARD_ATTRIBUTE, AttributeType: 'S' },
            { AttributeName: STALL_AT_ATTRIBUTE, AttributeType: 'N' },
          ],
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: STALL_INDEX,
              KeySchema: [
                { AttributeName: STALL_SHARD_ATTRIBUTE, KeyType: 'HASH' },
                { AttributeName: STALL_AT_ATTRIBUTE, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['gameId', 'deadlineId', 'seq'] },
            },
          ],
          BillingMode: 'PAY_PER_REQUEST',
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
        }),
      );
    } catch (error) {
      if (errorName(error) !== 'ResourceInUseException') throw error;
    }
  }
  await waitUntilActive(client, tableName);
  await enableTtl(client, tableName);
}

async function tableStatus(client: DynamoDBClient, tableName: string): Promise<string | null> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return Table?.TableStatus ?? null;
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return null;
    throw error;
  }
}

async function waitUntilActive(client: DynamoDBClient, tableName: string): Promise<void> {
  const deadline = Date.now() + ACTIVE_TIMEOUT_MS;
  while ((await tableStatus(client, tableName)) !== 'ACTIVE') {
    if (Date.now() > deadline) throw new Error(`table ${tableName} did not become ACTIVE`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * TTL only reclaims space; the adapters ignore expired connections on read anyway. So a server without TTL
 * (dynalite) or a table that already has it is fine.
 */
async function enableTtl(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  } catch (error) {
    const name = errorName(error);
    if (name === 'UnknownOperationException') return;
    if (name === 'ValidationException' && /already enabled/i.test((error as Error).message)) return;
    throw error;
  }
}

export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}
