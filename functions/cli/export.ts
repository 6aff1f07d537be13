import { closeSync, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { LogCommit } from '../../shared/audit/chain.js';
import { COMMITS_FILE } from '../adapters/local/log/event-store.js';
import { scanRecords } from '../adapters/local/log/scan.js';
import { TOURNAMENTS_FILE } from '../adapters/local/log/tournament-book.js';
import type { KeptTournament } from '../ports/tournament-book.js';

/**
 * A game's commits from the embedded log of a data directory. The file is only read, never locked or cut,
 * so a game can be exported while the local server runs.
 */
export function exportFromDataDir(dataDir: string, gameId: string): LogCommit[] {
  const commits: LogCommit[] = [];
  readRecords(join(dataDir, COMMITS_FILE), (commit: LogCommit) => {
    if (commit.gameId === gameId) commits.push(commit);
  });
  return commits;
}

/** A tournament the local server keeps, as last kept (read like the commits, while the server runs). */
export function tournamentFromDataDir(dataDir: string, id: string): KeptTournament | null {
  let kept: KeptTournament | null = null;
  readRecords(join(dataDir, TOURNAMENTS_FILE), (t: KeptTournament) => {
    if (t.id === id && t.rev > (kept?.rev ?? 0)) kept = t;
  });
  return kept;
}

function readRecords<T>(path: string, each: (record: T) => void): void {
  const fd = openSync(path, 'r');
  try {
    scanRecords(fd, fstatSync(fd).size, path, (payload) => each(JSON.parse(payload.toString('utf8')) as T));
  } finally {
    closeSync(fd);
  }
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

/** A tournament a deployment keeps, from its table (credentials as for `exportFromDynamo`). */
export async function tournamentFromDynamo(
  table: string,
  region: string,
  id: string,
): Promise<KeptTournament | null> {
  const [{ DynamoDBClient }, { DynamoTournamentBook }] = await Promise.all([
    import('@aws-sdk/client-dynamodb'),
    import('../adapters/aws/dynamo/tournament-book.js'),
  ]);
  const client = new DynamoDBClient({ region });
  try {
    return await new DynamoTournamentBook({ client, tableName: table }).get(id);
  } finally {
    client.destroy();
  }
}
