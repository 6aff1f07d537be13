import { join } from 'node:path';
import { GatewayFanOut } from '../adapters/local/gateway-fan-out.js';
import { LogDirectory } from '../adapters/local/log/directory.js';
import { LogEventStore } from '../adapters/local/log/event-store.js';
import type { RecordFileOptions, TornTail } from '../adapters/local/log/record-file.js';
import { LogTournamentBook } from '../adapters/local/log/tournament-book.js';
import { StreamedEventStore } from '../adapters/local/stream.js';
import { TimerScheduler } from '../adapters/local/timer-scheduler.js';
import { MemoryDeadlineBook } from '../adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../adapters/memory/directory.js';
import { MemoryEventStore } from '../adapters/memory/event-store.js';
import { CountingMeter } from '../adapters/memory/meter.js';
import { MemoryPushBook } from '../adapters/memory/push-book.js';
import { MemoryTournamentBook } from '../adapters/memory/tournament-book.js';
import type { VapidKeys } from '../adapters/push/vapid-keys.js';
import { type PushRoute, WebPushSender } from '../adapters/push/web-push-sender.js';
import { ed25519Signer } from '../adapters/signing/ed25519.js';
import { systemClock } from '../adapters/system/clock.js';
import { randomIds } from '../adapters/system/random-ids.js';
import { type App, createApp } from '../app/app.js';
import type { AppOptions } from '../app/deps.js';
import { DEFAULT_LIMITS, type Limits } from '../app/limits.js';
import type { Log, LogLine } from '../app/log.js';
import { RateLimiter } from '../app/rate-limiter.js';
import { connectHandler } from '../handlers/routes/connect.js';
import { deadlineHandler } from '../handlers/routes/deadline.js';
import { defaultHandler } from '../handlers/routes/default.js';
import { disconnectHandler } from '../handlers/routes/disconnect.js';
import { projectorHandler } from '../handlers/routes/projector.js';
import type { GatewayRoutes, LocalGateway } from '../local/gateway.js';
import { lambdaContext } from '../local/lambda-context.js';
import { localLogKey } from '../local/log-key.js';
import type { Timers } from '../ports/clock.js';
import type { Directory } from '../ports/directory.js';
import type { EventStore } from '../ports/event-store.js';
import type { FanOut } from '../ports/fan-out.js';
import type { LogSigner } from '../ports/log-signer.js';
import type { PushBook } from '../ports/push.js';
import type { Scheduler } from '../ports/scheduler.js';
import type { TournamentBook } from '../ports/tournament-book.js';
export type StoreKind = 'log' | 'dynamo' | 'memory';
export const STORE_KINDS: readonly StoreKind[] = ['log', 'dynamo', 'memory'];

export interface Stores {
  store: EventStore;
  directory: Directory;
  tournaments: TournamentBook;
  /** Where the data lives, for the start-up message. */
  where: string;
  /** The log's own counters (appends, syncs, bytes), for /healthz and the load test. */
  stats?: () => Record<string, unknown>;
  /** Why the store can no longer write (disk full, I/O error), or null while it can. */
  failed?: () => Error | null;
  /** A durable book of push subscriptions where the store has one (DynamoDB's table); else they live in memory. */
  pushBook?: (now: () => number) => PushBook;
  close(): Promise<void>;
}

const TABLE_NAME = 'sleeping-city';
const SWEEP_EVERY_MS = 60_000;

/**
 * The log and the directory for a local run: the embedded durable log (the default), DynamoDB's API served
 * by dynalite in this process and spoken to with the real SDK client, or memory (gone on exit).
 */
export async function openStores(
  kind: StoreKind,
  dataDir: string,
  hooks: Pick<RecordFileOptions, 'onFailure' | 'onTornTail'> = {},
): Promise<Stores> {
  switch (kind) {
    case 'log': {
      const store = await LogEventStore.open({ dir: dataDir, ...hooks });
      const opened: Array<{ close(): Promise<void> }> = [store];
      try {
        const directory = await LogDirectory.open({ dir: dataDir, ...hooks });
        opened.push(directory);
        const tournaments = await LogTournamentBook.open({ dir: dataDir, ...hooks });
        return {
          store,
          directory,
          tournaments,
          where: dataDir,
          stats: () => ({ ...store.stats() }),
          failed: () => store.failed() ?? directory.failed() ?? tournaments.failed(),
          close: () => closeAll(store, directory, tournaments),
        };
      } catch (error) {
        await closeAll(...opened);
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
        { DynamoPushBook },
        { DynamoTournamentBook },
      ] = await Promise.all([
        import('../adapters/aws/dynamo/client.js'),
        import('../adapters/aws/dynamo/directory.js'),
        import('../adapters/aws/dynamo/event-store.js'),
        import('../adapters/aws/dynamo/table.js'),
        import('../local/dynamo-server.js'),
        import('../adapters/aws/dynamo/push-book.js'),
        import('../adapters/aws/dynamo/tournament-book.js'),
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
        tournaments: new DynamoTournamentBook({ client, tableName: TABLE_NAME }),
        where: `${dir} (dynalite at ${server.endpoint})`,
        pushBook: (now) => new DynamoPushBook({ client, tableName: TABLE_NAME, now }),
        close: async () => {
          await closeAll(store, directory);
          client.destroy();
          await server.close();
        },
      };
    }
    case 'memory': {
      const store = new MemoryEventStore();
      const directory = new MemoryDirectory();
      return {
        store,
        directory,
        tournaments: new MemoryTournamentBook(),
        where: 'memory (lost on exit)',
        close: () => closeAll(store, directory),
      };
    }
  }
}

export interface LocalOptions {
  store: StoreKind;
  dataDir: string;
  log: Log;
  /** The machine's clock unless a test brings one it can move. */
  clock?: Timers;
  /** The gateway the fan-out posts to; it is made after the routes it invokes, hence a getter. */
  gateway: () => LocalGateway | undefined;
  /** What a connection and an address may ask; DEFAULT_LIMITS where not given. */
  limits?: Partial<Limits>;
  /** Web Push's keys; without them the server sends no push notifications. */
  vapid?: VapidKeys | null;
  /** For tests: their own push service on this machine. */
  pushRoute?: PushRoute;
  /** Told once when the embedded log can no longer write. */
  onStoreFailure?: (error: Error) => void;
  /** How the service retries lost races (tests make it give up sooner). */
  app?: Pick<AppOptions, 'maxAttempts' | 'raceBackoff'>;
  /** For tests: faults injected between the application service and its ports. */
  faults?: LocalFaults;
  /** Signs game logs; default this machine's key in the data directory (a fresh one for memory). */
  logSigner?: LogSigner;
}

/**
 * Each port as the application service sees it, wrapped by a test to fail on cue: a scheduler that loses a
 * deadline, a store where another writer wins the race, a fan-out whose post to one connection fails. The
 * handlers, the gateway, the stream and the timers stay the real ones.
 */
export interface LocalFaults {
  store?: (store: EventStore) => EventStore;
  scheduler?: (scheduler: Scheduler) => Scheduler;
  fanOut?: (fanOut: FanOut) => FanOut;
}

/** The backend of a local run, wired: what the gateway invokes and what the server reports and closes. */
export interface LocalBackend {
  app: App;
  /** The three WebSocket routes, for the gateway to invoke. */
  routes: GatewayRoutes;
  scheduler: TimerScheduler;
  stores: Stores;
  /** The key game logs are sealed with: the app's receipts and the download's seals. */
  logSigner: LogSigner;
  /** What the service counted (commands, races, deadlines), as CloudWatch would on AWS. */
  meter: CountingMeter;
  /** Waits until every commit written so far has been through the projector and no deadline is firing. */
  settle(): Promise<void>;
  /** Stops the timers, lets deadlines firing and commits on their way to the projector finish. */
  stopTimers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The same five handlers and application service as on AWS, wired for one machine. Each handler is invoked
 * with the event its AWS trigger sends: the gateway turns sockets into API Gateway's $connect, $default and
 * $disconnect events; the emulated table stream hands the projector batches of DynamoDB stream records; the
 * timers hand the deadline handler the deadline state machine's task input.
 */
export async function composeLocal(options: LocalOptions): Promise<LocalBackend> {
  const { log } = options;
  const clock = options.clock ?? systemClock;
  const stores = await openStores(options.store, options.dataDir, {
    onFailure: options.onStoreFailure,
    onTornTail: (cut) => log(tornTailLine(cut)),
  });
  let app: App | undefined;
  const appNow = () => {
    if (app === undefined) throw new Error('the server is still starting');
    return app;
  };
  const lazyApp: Pick<App, 'project' | 'fireDeadline'> = {
    project: (gameId, seq, from) => appNow().project(gameId, seq, from),
    fireDeadline: (job) => appNow().fireDeadline(job),
  };
  const projector = projectorHandler(lazyApp, log);
  const deadline = deadlineHandler(lazyApp, log);
  const store = new StreamedEventStore(stores.store, {
    deliver: (event) => projector(event, lambdaContext('projector')),
    onDropped: (error, records) =>
      log({
        level: 'error',
        action: 'project',
        records: records.map((r) => r.dynamodb?.SequenceNumber),
        message: String(error),
      }),
  });
  const scheduler = new TimerScheduler({
    clock,
    onDue: async ({ gameId, deadlineId, at }) => {
      await deadline({ gameId, deadlineId, at }, lambdaContext('deadline'));
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
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const meter = new CountingMeter();
  const faults = options.faults ?? {};
  const logSigner =
    options.logSigner ??
    ed25519Signer(() => localLogKey(options.store === 'memory' ? null : options.dataDir));
  const created = createApp(
    {
      logSigner,
      store: faults.store?.(store) ?? store,
      directory: stores.directory,
      tournaments: stores.tournaments,
      fanOut: faults.fanOut?.(fanOut) ?? fanOut,
      scheduler: faults.scheduler?.(scheduler) ?? scheduler,
      // Timers die with the process and are re-armed from the log at start, so the book may too.
      deadlines: new MemoryDeadlineBook(),
      meter,
      clock,
      ids: randomIds,
      // Without a durable book subscriptions live with the process: the PWA sends its own again each time it
      // opens the game.
      ...(options.vapid
        ? {
            push: {
              book: stores.pushBook?.(() => clock.now()) ?? new MemoryPushBook({ now: () => clock.now() }),
              sender: new WebPushSender(options.vapid, {
                onDropped: (message) =>
                  options.log({ level: 'warn', action: 'push', outcome: 'key_dropped', message }),
                ...options.pushRoute,
              }),
            },
          }
        : {}),
    },
    // The embedded log and memory order appends as they are called; dynalite is DynamoDB and does not.
    { ...options.app, pipeline: options.store !== 'dynamo', roomsPerAddress: limits.roomsPerAddress },
  );
  app = created;
  const limiter = new RateLimiter();
  // The sweeper's twin: what the EventBridge rule does every minute on AWS. On the clock, so that a test
  // that jumps past a lost deadline's grace sees the sweeper fire it.
  let sweeping: Promise<void> | undefined;
  let stopped = false;
  let stopSweeper = () => {};
  const sweepLater = () => {
    stopSweeper = clock.wakeAt(clock.now() + SWEEP_EVERY_MS, () => {
      sweeping = created
        .sweepDeadlines()
        .then(
          () => undefined,
          (error: unknown) => log({ level: 'error', action: 'sweep', message: String(error) }),
        )
        .finally(() => {
          sweeping = undefined;
          if (!stopped) sweepLater();
        });
    });
  };
  sweepLater();
  const stopTimers = async () => {
    stopped = true;
    stopSweeper();
    await sweeping;
    return scheduler.close();
  };
  const routes: GatewayRoutes = {
    connect: connectHandler(log),
    message: defaultHandler(created, fanOut, log, limits, limiter),
    disconnect: disconnectHandler(
      {
        disconnect: async (connectionId) => {
          fanOut.forget(connectionId);
          limiter.forget(connectionId);
          await created.disconnect(connectionId);
        },
      },
      log,
    ),
  };
  const settle = async () => {
    do {
      await sweeping;
      await scheduler.idle();
      await store.drain();
    } while (scheduler.firing() > 0 || sweeping !== undefined);
  };
  return {
    app: created,
    routes,
    scheduler,
    stores,
    logSigner,
    meter,
    settle,
    stopTimers,
    close: async () => {
      await stopTimers();
      await store.drain();
      await stores.close();
    },
  };
}

/**
 * Loud: the server started, but it cut bytes off its log. Only a write in flight at a crash can be torn, and
 * no client heard of it (acks wait for the sync), so nothing acknowledged was lost; still, whoever runs the
 * server should know the machine stopped mid-write.
 */
function tornTailLine(cut: TornTail): LogLine {
  const last =
    cut.lastKept === undefined
      ? ''
      : ` (the last: game ${cut.lastKept.gameId} version ${cut.lastKept.version})`;
  return {
    level: 'warn',
    action: 'recover',
    outcome: 'torn_tail_cut',
    file: cut.path,
    at: cut.offset,
    bytes: cut.bytes,
    records: cut.records,
    ...(cut.lastKept === undefined ? {} : { lastKept: cut.lastKept }),
    message:
      `cut a torn last write: ${cut.bytes} bytes at byte ${cut.offset} of ${cut.path}, after ${cut.records} ` +
      `intact records${last}; it was never acknowledged to anyone`,
  };
}

async function closeAll(...stores: Array<{ close(): Promise<void> }>): Promise<void> {
  const results = await Promise.allSettled(stores.map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
