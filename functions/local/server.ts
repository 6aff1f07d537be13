import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { TimerScheduler } from '../adapters/memory/scheduler.js';
import { type App, createApp } from '../app/app.js';
import { jsonLog, type Log, silentLog } from '../app/log.js';
import { connectHandler, disconnectHandler } from '../handlers/routes/connection.js';
import { messageHandler } from '../handlers/routes/message.js';
import { systemClock } from '../ports/clock.js';
import { randomIds } from '../ports/ids.js';
import { GatewayFanOut } from './fan-out.js';
import { LocalGateway } from './gateway.js';
import { staticFiles } from './static-files.js';
import { openStores, type StoreKind } from './stores.js';
import { StreamedEventStore } from './stream.js';

export interface ServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1; `npm start` listens on every interface so phones on the same network can join. */
  host?: string;
  /** Where the log (or dynalite's files) live. Default `.data`. */
  dataDir?: string;
  store?: StoreKind;
  /** The built PWA. Default `web/dist` of this checkout. */
  webDir?: string;
  /** No log lines. */
  quiet?: boolean;
  /** A socket silent this long is closed (default 10 minutes, as API Gateway). */
  idleTimeoutMs?: number;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 — the PWA. */
  url: string;
  /** e.g. ws://127.0.0.1:8080/ws — the game socket. */
  wsUrl: string;
  port: number;
  /** API Gateway's management endpoint stand-in, for `ApiGatewayManagementApiClient({ endpoint })`. */
  managementEndpoint: string;
  /** The application service behind the socket (the same one the Lambda handlers build). */
  app: App;
  /** Stops taking sockets, finishes what is running (commits, views, firing deadlines), closes the log. */
  close(): Promise<void>;
}

const defaultWebDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The whole backend on one machine: the same handlers and application service as on AWS, with the
 * embedded log (or dynalite, or memory) for DynamoDB, an in-process gateway for API Gateway, an emulated
 * stream feeding the projector, and timers for Step Functions. Pending deadlines are re-armed from the log.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log: Log = options.quiet ? silentLog : jsonLog;
  // How long the event loop was held up since start: the first thing to look at when latency jumps.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const stores = await openStores(options.store ?? 'log', options.dataDir ?? '.data');
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
  let gateway: LocalGateway | undefined;
  const fanOut = new GatewayFanOut(() => gateway);
  const kind = options.store ?? 'log';
  app = createApp(
    { store, directory: stores.directory, fanOut, scheduler, clock: systemClock, ids: randomIds },
    // The embedded log and memory order appends as they are called; dynalite is DynamoDB and does not.
    { pipeline: kind !== 'dynamo' },
  );

  const routes = {
    connect: connectHandler(log),
    message: messageHandler(app, fanOut, log),
    disconnect: disconnectHandler(
      {
        disconnect: async (connectionId) => {
          fanOut.forget(connectionId);
          await app?.disconnect(connectionId);
        },
      },
      log,
    ),
  };
  gateway = new LocalGateway({
    routes,
    newConnectionId: randomIds.connectionId,
    fallback: staticFiles(options.webDir ?? defaultWebDir),
    log,
    idleTimeoutMs: options.idleTimeoutMs,
    health: () => ({
      store: options.store ?? 'log',
      games: app?.deps.cache.size() ?? 0,
      timers: scheduler.pending(),
      ...(stores.stats ? { log: stores.stats() } : {}),
      eventLoopDelayMs: {
        p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(loopDelay.max / 1e4) / 100,
      },
    }),
  });
  loopDelay.enable();
  const host = options.host ?? '127.0.0.1';
  let port: number;
  try {
    await app.rearmDeadlines();
    port = await gateway.listen(options.port ?? 8080, host);
  } catch (error) {
    await scheduler.close();
    await stores.close();
    throw error;
  }
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${shown}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    wsUrl: `ws://${shown}:${port}/ws`,
    port,
    managementEndpoint: url,
    app,
    close: () => {
      closing ??= (async () => {
        const g = gateway as LocalGateway;
        g.stopAccepting();
        await scheduler.close();
        await g.drain();
        await store.drain();
        await g.close();
        await store.drain();
        await stores.close();
        loopDelay.disable();
      })();
      return closing;
    },
  };
}
