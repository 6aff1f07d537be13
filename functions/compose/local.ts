import { join } from 'node:path';
import { GatewayFanOut } from '../adapters/local/gateway-fan-out.js';
import { LogDirectory } from '../adapters/local/log/directory.js';
import { LogEventStore } from '../adapters/local/log/event-store.js';
import { StreamedEventStore } from '../adapters/local/stream.js';
import { TimerScheduler } from '../adapters/local/timer-scheduler.js';
import { MemoryDeadlineBook } from '../adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../adapters/memory/directory.js';
import { MemoryEventStore } from '../adapters/memory/event-store.js';
import { CountingMeter } from '../adapters/memory/meter.js';
import { systemClock } from '../adapters/system/clock.js';
import { randomIds } from '../adapters/system/random-ids.js';
import { type App, createApp } from '../app/app.js';
import type { Log } from '../app/log.js';
import { connectHandler } from '../handlers/routes/connect.js';
import { defaultHandler } from '../handlers/routes/default.js';
import { disconnectHandler } from '../handlers/routes/disconnect.js';
import type { GatewayRoutes, LocalGateway } from '../local/gateway.js';
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
const SWEEP_EVERY_MS = 60_000;

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
        import('../adapters/aws/dynamo/client.js'),
        import('../adapters/aws/dynamo/directory.js'),
        import('../adapters/aws/dynamo/event-store.js'),
        import('../adapters/aws/dynamo/table.js'),
        import('../local/dynamo-server.js'),
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

export interface LocalOptions {
  store: StoreKind;
  dataDir: string;
  log: Log;
  /** The gateway the fan-out posts to; it is made after the routes it invokes, hence a getter. */
  gateway: () => LocalGateway | undefined;
}

/** The backend of a local run, wired: what the gateway invokes and what the server reports and closes. */
export interface LocalBackend {
  app: App;
  routes: GatewayRoutes;
  scheduler: TimerScheduler;
  stores: Stores;
  /** What the service counted (commands, races, deadlines), as CloudWatch would on AWS. */
  meter: CountingMeter;
  /** Stops the timers and waits for deadlines already firing. */
  stopTimers(): Promise<void>;
  /** Waits until every commit written so far has reached the projector. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The same handlers and application service as on AWS, wired for one machine: the chosen store behind an
 * emulated table stream that feeds the projector, timers in place of Step Functions, and the local
 * gateway's sockets in place of API Gateway's management API.
 */
export async function composeLocal(options: LocalOptions): Promise<LocalBackend> {
  const { log } = options;
  const stores = await openStores(options.store, options.dataDir);
  let app: App | undefined;
  const appNow = () => {
    if (app === undefined) throw new Error('the server is still starting');
    return app;
  };
  const store = new StreamedEventStore(
    stores.store,
    (commit) => appNow().project(commit.gameId, commit.seq),
    (error, commit) =>
      log({
        level: 'error',
        action: 'project',
        game: commit.gameId,
        seq: commit.seq,
        message: String(error),
      }),
  );
  const scheduler = new TimerScheduler({
    onDue: async (job) => {
      await appNow().fireDeadline(job);
    },
    onError: (error, job) =>
      log({
        level: 'error',
        action: 'deadline',
        game: job.gameId,
        deadline: job.deadlineId,
        message: String(error),
      }),
  });
  const fanOut = new GatewayFanOut(options.gateway);
  const meter = new CountingMeter();
  const created = createApp(
    {
      store,
      directory: stores.directory,
      fanOut,
      scheduler,
      // Timers die with the process and are re-armed from the log at start, so the book may too.
      deadlines: new MemoryDeadlineBook(),
      meter,
      clock: systemClock,
      ids: randomIds,
    },
    // The embedded log and memory order appends as they are called; dynalite is DynamoDB and does not.
    { pipeline: options.store !== 'dynamo' },
  );
  app = created;
  // The sweeper's twin: what the EventBridge rule does every minute on AWS.
  const sweeper = setInterval(() => {
    created
      .sweepDeadlines()
      .catch((error: unknown) => log({ level: 'error', action: 'sweep', message: String(error) }));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  const stopTimers = () => {
    clearInterval(sweeper);
    return scheduler.close();
  };
  const routes: GatewayRoutes = {
    connect: connectHandler(log),
    message: defaultHandler(created, fanOut, log),
    disconnect: disconnectHandler(
      {
        disconnect: async (connectionId) => {
          fanOut.forget(connectionId);
          await created.disconnect(connectionId);
        },
      },
      log,
    ),
  };
  return {
    app: created,
    routes,
    scheduler,
    stores,
    meter,
    stopTimers,
    drain: () => store.drain(),
    close: async () => {
      await stopTimers();
      await store.drain();
      await stores.close();
    },
  };
}

async function closeBoth(store: EventStore, directory: Directory): Promise<void> {
  const results = await Promise.allSettled([store.close(), directory.close()]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
