import { closeSync, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { LogCommit } from '../../shared/audit/chain.js';
import { COMMITS_FILE } from '../adapters/local/log/event-store.js';
import { scanRecords } from '../adapters/local/log/scan.js';

/**
 * A game's commits from the embedded log of a data directory. The file is only read, never locked or cut,
 * so a game can be exported while the local server runs.
 */
export function exportFromDataDir(dataDir: string, gameId: string): LogCommit[] {
  const path = join(dataDir, COMMITS_FILE);
  const fd = openSync(path, 'r');
  const commits: LogCommit[] = [];
  try {
    scanRecords(fd, fstatSync(fd).size, path, (payload) => {
      const commit = JSON.parse(payload.toString('utf8')) as LogCommit;
      if (commit.gameId === gameId) commits.push(commit);
    });
  } finally {
    closeSync(fd);
  }
  return commits;
}

/**
 * A game's commits from a DynamoDB table, with the AWS SDK's usual configuration: credentials from the
 * environment, profile or instance role, and AWS_ENDPOINT_URL_DYNAMODB for a table served elsewhere.
 */
export async function exportFromDynamo(table: string, region: string, gameId: string): Promise<LogCommit[]> {
  const [{ DynamoDBClient }, { DynamoEventStore }] = await Promise.all([
    import('@aws-sdk/client-dynamodb'),
    import('../adapters/aws/dynamo/event-store.js'),
  ]);
  const client = new DynamoDBClient({ region });
  try {
    return await new DynamoEventStore({ client, tableName: table }).read(gameId);
  } finally {
    client.destroy();
  }
}
