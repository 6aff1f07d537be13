import { join } from 'node:path';
import { LogDirectory } from '../adapters/log/directory.js';
import { LogEventStore } from '../adapters/log/event-store.js';
import { MemoryDirectory } from '../adapters/memory/directory.js';
import { MemoryEventStore } from '../adapters/memory/event-store.js';
import type { Directory } from '../ports/directory.js';
import type { EventStore } from '../ports/event-store.js';

export type StoreKind = 'log' | 'dynamo' | 'memory';
export const STORE_KINDS: readonly StoreKind[] = ['log', 'dynamo', 'memory'];

export interface Stores {
  store: EventStore;
  directory: Directory;
  /** Where the data lives, for the start-up message. */
  where: string;
  /** The log's own counters (appends, syncs, bytes), for /healthz and the load test. */
  stats?: () => Record<string, unknown>;
  close(): Promise<void>;
}

const TABLE_NAME = 'sleeping-city';

/**
 * The log and the directory for a local run: the embedded durable log (the default), DynamoDB's API served
 * by dynalite in this process and spoken to with the real SDK client, or memory (gone on exit).
 */
export async function openStores(kind: StoreKind, dataDir: string): Promise<Stores> {
  switch (kind) {
    case 'log': {
      const store = await LogEventStore.open({ dir: dataDir });
      try {
        const directory = await LogDirectory.open({ dir: dataDir });
        return {
          store,
          directory,
          where: dataDir,
          stats: () => ({ ...store.stats() }),
          close: () => closeBoth(store, directory),
        };
      } catch (error) {
        await store.close();
        throw error;
      }
    }
    case 'dynamo': {
      // Loaded only for this store: the SDK and dynalite add a noticeable share to start-up.
      const [
        { localDynamoClient },
        { DynamoDirectory },
        { DynamoEventStore },
        { createTableIfMissing },
        { startDynamoServer },
      ] = await Promise.all([
        import('../adapters/dynamo/client.js'),
        import('../adapters/dynamo/directory.js'),
        import('../adapters/dynamo/event-store.js'),
        import('../adapters/dynamo/table.js'),
        import('./dynamo-server.js'),
      ]);
      const dir = join(dataDir, 'dynamo');
      const server = await startDynamoServer({ dataDir: dir });
      const client = localDynamoClient(server.endpoint);
      try {
        await createTableIfMissing(client, TABLE_NAME);
      } catch (error) {
        client.destroy();
        await server.close();
        throw error;
      }
      const store = new DynamoEventStore({ client, tableName: TABLE_NAME });
      const directory = new DynamoDirectory({ client, tableName: TABLE_NAME });
      return {
        store,
        directory,
        where: `${dir} (dynalite at ${server.endpoint})`,
        close: async () => {
          await closeBoth(store, directory);
          client.destroy();
          await server.close();
        },
      };
    }
    case 'memory': {
      const store = new MemoryEventStore();
      const directory = new MemoryDirectory();
      return { store, directory, where: 'memory (lost on exit)', close: () => closeBoth(store, directory) };
    }
  }
}

async function closeBoth(store: EventStore, directory: Directory): Promise<void> {
  const results = await Promise.allSettled([store.close(), directory.close()]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
