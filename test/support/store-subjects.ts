import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';
import { createTableIfMissing } from '../../functions/adapters/aws/dynamo/table.js';
import { startDynamoServer } from '../../functions/local/dynamo-server.js';
import { type DynamoDbLocal, startDynamoDbLocal } from './dynamodb-local.js';
import { type Opened, uniqueId } from './store-contract.js';

/** A fresh temporary data directory for a log store, removed on dispose. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sleeping-city-log-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A running DynamoDB-compatible server, a client for it and a fresh table in it. */
export interface DynamoTable {
  client: DynamoDBClient;
  tableName: string;
}

type Server = { endpoint: string; close(): Promise<void> };

/** Opens `make` on a new table of a freshly started server; disposing stops the server. */
async function onServer<T extends { close(): Promise<void> }>(
  start: () => Promise<Server>,
  make: (table: DynamoTable) => T,
): Promise<Opened<T>> {
  const server = await start();
  const client = localDynamoClient(server.endpoint);
  const tableName = uniqueId('events');
  try {
    await createTableIfMissing(client, tableName);
  } catch (error) {
    client.destroy();
    await server.close();
    throw error;
  }
  const subject = make({ client, tableName });
  return {
    subject,
    dispose: async () => {
      await subject.close();
      client.destroy();
      await server.close();
    },
  };
}

export const onDynalite = <T extends { close(): Promise<void> }>(make: (table: DynamoTable) => T) =>
  onServer(() => startDynamoServer(), make);

export const onDynamoDbLocal = <T extends { close(): Promise<void> }>(make: (table: DynamoTable) => T) =>
  onServer((): Promise<DynamoDbLocal> => startDynamoDbLocal(), make);
