import { networkInterfaces } from 'node:os';
import { JumpingClock } from '../adapters/memory/jumping-clock.js';
import { vapidFromEnv } from '../adapters/push/vapid-keys.js';
import { readLinkTtlFromEnv } from '../app/log-access.js';
import { parseOrigins } from '../app/origin.js';
import { STORE_KINDS, type StoreKind } from '../compose/local.js';
import { type RunningServer, startServer } from './server.js';
import { tlsFromEnv } from './tls-files.js';

/**
 * A test that runs this entry in a process of its own (with an IPC channel, `JUMPING_CLOCK=1`) moves the
 * server's clock as an in-process test does: `{jumpTo: ms}` jumps it there, and once the deadlines that
 * fell due have ended their steps and the views have gone out the answer is `{jumped: ms}`. Without both,
 * the server keeps the machine's clock.
 */
function jumpingClock(): { clock: JumpingClock; listen(server: RunningServer): void } | null {
  const send = process.send?.bind(process);
  if (process.env.JUMPING_CLOCK !== '1' || send === undefined) return null;
  const clock = new JumpingClock();
  return {
    clock,
    listen: (server) =>
      process.on('message', (message: { jumpTo?: unknown }) => {
        const at = message?.jumpTo;
        if (typeof at !== 'number') return;
        clock.jumpTo(at);
        void server.settle().then(() => send({ jumped: at }));
      }),
  };
}

/** `npm start`: the game on this machine, for the players' phones on the same network. */
async function main(): Promise<void> {
  const store = (process.env.STORE ?? 'log') as StoreKind;
  if (!STORE_KINDS.includes(store)) throw new Error(`STORE must be one of ${STORE_KINDS.join(', ')}`);
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT ${process.env.PORT} is not a port`);
  const jumping = jumpingClock();
  const tls = tlsFromEnv(process.env);
  let server: RunningServer | undefined;
  let stopping = false;
  const stop = (why: string, code = 0) => {
    if (stopping || server === undefined) return;
    stopping = true;
    process.stderr.write(`${why}: finishing running commands and closing the log…\n`);
    server.close().then(
      () => process.exit(code),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  server = await startServer({
    port,
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: process.env.DATA_DIR ?? '.data',
    store,
    quiet: process.env.QUIET === '1',
    vapid: vapidFromEnv(process.env),
    ...(jumping ? { clock: jumping.clock } : {}),
    // Nothing more can be written: exit, so that the supervisor (systemd, Docker, a shell loop) starts the
    // server again on the log as it is on disk. Exit code 1 tells it this was no ordinary stop.
    onStoreFailure: (error) =>
      stop(`the log can no longer be written (${String(error.cause ?? error.message)}); exiting`, 1),
    allowedOrigins: parseOrigins(process.env.ALLOWED_ORIGINS ?? ''),
    readLinkTtlSeconds: readLinkTtlFromEnv(process.env.READ_LINK_TTL_DAYS),
    ...(tls ? { tls } : {}),
    // For a load run whose rooms all come from one address; never for a server others reach.
    ...(process.env.PER_ADDRESS_LIMITS === '0'
      ? { limits: { joinsPerAddress: null, roomsPerAddress: null } }
      : {}),
  });
  jumping?.listen(server);
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => `${tls ? 'https' : 'http'}://${a?.address}:${server?.port}`);
  process.stderr.write(
    [
      `Sleeping City is running (store: ${store}, data: ${process.env.DATA_DIR ?? '.data'}).`,
      `Open ${server.url} on this machine${lan.length > 0 ? `, or ${lan.join(' / ')} from a phone on this network` : ''}.`,
      `Game socket: ${server.wsUrl}`,
      '',
    ].join('\n'),
  );
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
