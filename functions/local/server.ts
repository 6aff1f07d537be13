import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CorruptLogError } from '../adapters/local/log/corrupt-log-error.js';
import type { TimerScheduler } from '../adapters/local/timer-scheduler.js';
import type { VapidKeys } from '../adapters/push/vapid-keys.js';
import type { PushRoute } from '../adapters/push/web-push-sender.js';
import { randomIds } from '../adapters/system/random-ids.js';
import type { App } from '../app/app.js';
import type { Limits } from '../app/limits.js';
import { jsonLog, type Log, silentLog } from '../app/log.js';
import { composeLocal, type LocalFaults, type LocalOptions, type StoreKind } from '../compose/local.js';
import { gameLogHandler } from '../handlers/routes/game-log.js';
import type { Timers } from '../ports/clock.js';
import { LocalGateway, type TlsFiles } from './gateway.js';
import { httpApi } from './http-api.js';
import { localLinkKey } from './link-key.js';
import { staticFiles } from './static-files.js';

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
  /** Where log lines go instead of stdout (one object per line, as the handlers write them). */
  log?: Log;
  /** The machine's clock unless a test brings one it can move (`JumpingClock`). */
  clock?: Timers;
  /** A socket silent this long is closed (default 10 minutes, as API Gateway). */
  idleTimeoutMs?: number;
  /** Bytes a socket's reader may fall behind before only its newest view is kept (default 1 MiB). */
  maxBufferedBytes?: number;
  /** A socket behind that long is closed (default 10 s). */
  slowSocketMs?: number;
  /** What a connection and an address may ask (DEFAULT_LIMITS where not given). */
  limits?: Partial<Limits>;
  /** Web Push's VAPID keys (`VAPID_KEYS_FILE`, or `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT` for `npm start`). */
  vapid?: VapidKeys | null;
  /** For tests: a push service of their own on this machine (pushes otherwise go to public https only). */
  pushRoute?: PushRoute;
  /** Origins of other pages allowed to open game sockets; the server's own origin always is. */
  allowedOrigins?: readonly string[];
  /** How long a read-only link to a finished game opens it (`READ_LINK_TTL_DAYS`; default 30 days). */
  readLinkTtlSeconds?: number;
  /** Serve HTTPS and WSS with this certificate and key (PEM) instead of HTTP and WS. */
  tls?: TlsFiles;
  /**
   * Called once when the embedded log can no longer write (disk full, I/O error): from then on every write
   * is refused and /healthz answers 503. `npm start` then shuts down and exits 1, so that its supervisor
   * starts it again on the log as it is on disk (a torn last write is cut on open).
   */
  onStoreFailure?: (error: Error) => void;
  /** How the service retries lost races; tests make it give up sooner. */
  app?: LocalOptions['app'];
  /** For tests only: faults between the application service and its ports (see `LocalFaults`). */
  faults?: LocalFaults;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 — the PWA. */
  url: string;
  /** e.g. ws://127.0.0.1:8080/ws — the game socket. */
  wsUrl: string;
  port: number;
  /**
   * API Gateway's management endpoint stand-in, for `ApiGatewayManagementApiClient({ endpoint })`: on
   * loopback only, with a secret path that changes at every start.
   */
  managementEndpoint: string;
  /** The application service behind the socket (the same one the Lambda handlers build). */
  app: App;
  /** The deadline timers (the local Step Functions). */
  scheduler: TimerScheduler;
  /** Waits until every commit written so far has been through the projector and no deadline is firing. */
  settle(): Promise<void>;
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
  const log: Log = options.log ?? (options.quiet ? silentLog : jsonLog);
  // How long the event loop was held up since start: the first thing to look at when latency jumps.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const kind = options.store ?? 'log';
  let gateway: LocalGateway | undefined;
  let storeFailure: Error | undefined;
  const failed = (error: Error) => {
    if (storeFailure !== undefined) return;
    storeFailure = error;
    log({
      level: 'error',
      action: 'store',
      outcome: 'failed',
      message: `${error.message}: ${String(error.cause)}`,
    });
    options.onStoreFailure?.(error);
  };
  const backend = await logDamage(
    log,
    composeLocal({
      store: kind,
      dataDir: options.dataDir ?? '.data',
      log,
      clock: options.clock,
      gateway: () => gateway,
      limits: options.limits,
      vapid: options.vapid,
      pushRoute: options.pushRoute,
      onStoreFailure: failed,
      app: options.app,
      faults: options.faults,
    }),
  );
  const { app, scheduler, stores } = backend;
  // The finished-game download: the same handler as the function URL on AWS.
  const gameLog = gameLogHandler(
    {
      store: stores.store,
      directory: stores.directory,
      linkKey: localLinkKey(kind === 'memory' ? null : (options.dataDir ?? '.data')),
      clock: app.deps.clock,
      readLinkTtlSeconds: options.readLinkTtlSeconds,
      signer: backend.logSigner,
    },
    log,
  );
  const g = new LocalGateway({
    routes: backend.routes,
    newConnectionId: randomIds.connectionId,
    fallback: httpApi(gameLog, staticFiles(options.webDir ?? defaultWebDir)),
    log,
    idleTimeoutMs: options.idleTimeoutMs,
    maxBufferedBytes: options.maxBufferedBytes,
    slowSocketMs: options.slowSocketMs,
    ...(options.clock ? { now: options.clock.now.bind(options.clock) } : {}),
    allowedOrigins: options.allowedOrigins,
    ...(options.tls ? { tls: options.tls } : {}),
    health: () => ({
      ...(storeFailure === undefined
        ? {}
        : { ok: false, storeFailure: `${storeFailure.message}: ${String(storeFailure.cause)}` }),
      store: kind,
      games: app.deps.cache.size(),
      timers: scheduler.pending(),
      ...(stores.stats ? { log: stores.stats() } : {}),
      eventLoopDelayMs: {
        p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(loopDelay.max / 1e4) / 100,
      },
    }),
  });
  gateway = g;
  loopDelay.enable();
  const host = options.host ?? '127.0.0.1';
  let port: number;
  try {
    await app.rearmDeadlines();
    port = await g.listen(options.port ?? 8080, host);
  } catch (error) {
    await backend.close();
    throw error;
  }
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const secure = options.tls !== undefined;
  const url = `${secure ? 'https' : 'http'}://${shown}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    wsUrl: `${secure ? 'wss' : 'ws'}://${shown}:${port}/ws`,
    port,
    managementEndpoint: g.managementEndpoint,
    app,
    scheduler,
    settle: () => backend.settle(),
    close: () => {
      closing ??= (async () => {
        g.stopAccepting();
        await backend.stopTimers();
        await g.drain();
        await backend.settle();
        await g.close();
        await backend.close();
        loopDelay.disable();
      })();
      return closing;
    },
  };
}

/**
 * Damage before the end of the log (a bad record with intact ones after it) is not a torn write: cutting
 * there would drop acknowledged commits, so the server does not start. Said loudly, with where and how much.
 */
async function logDamage<T>(log: Log, opening: Promise<T>): Promise<T> {
  try {
    return await opening;
  } catch (error) {
    if (error instanceof CorruptLogError) {
      log({
        level: 'error',
        action: 'recover',
        outcome: 'damaged_record',
        file: error.path,
        at: error.offset,
        reason: error.detail,
        ...error.extent,
        message: error.message,
      });
    }
    throw error;
  }
}
