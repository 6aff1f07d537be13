/**
 * `npm run load`: many rooms of players over real WebSockets against a local server in its own process (the
 * embedded log store: every command is on disk before its ack). Each second, every player of a room sends a
 * command at the same moment — a vote in a day of continuous majority voting, always for a different seat
 * and never making a majority, so every command appends an event and the game never ends. Rooms are spread
 * evenly over the second (ALIGNED=1 puts them all on the same instant).
 *
 * Reported: errors (rejections, error frames, missing acks, closed sockets), lost views (a player who never
 * saw a view at or after a command's version), latency from sending a command to the moment the LAST
 * socket of its room (players and host) holds a view of it, commands/s, and the CPU both processes used.
 *
 * PEER=bgio drives boardgame.io in memory (`peer/bgio-server.ts`) with the same schedule and the same
 * measure instead (its rooms: the players and a spectator; a command's version is the state id its update
 * names). `test/load/side-by-side.ts` runs both, interleaved.
 *
 * Env: ROOMS (200), PLAYERS (10), SENDERS (players of a room who send each second; all by default),
 * SECONDS (30), ALIGNED (0), STORE (log), PEER (unset: our server; bgio), LOAD_URL (use a running server
 * of ours instead of starting one, e.g. ws://127.0.0.1:8080/ws), SERVER_ROOT (start our server from another
 * checkout, to measure a change against what it changed).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { boardgameIo, ours, type Room, Stats, type Target } from './targets.js';

const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const ROOMS = int('ROOMS', 200);
const PLAYERS = int('PLAYERS', 10);
const SECONDS = int('SECONDS', 30);
/** Players of a room who send a command each second (all of them by default); they take turns. */
const SENDERS = Math.min(int('SENDERS', PLAYERS), PLAYERS);
const ALIGNED = process.env.ALIGNED === '1';
const STORE = process.env.STORE ?? 'log';
const PEER = process.env.PEER;
const SETUP_CONCURRENCY = 20;
const DRAIN_MS = 3000;

interface Sent {
  room: Room;
  at: number;
  version: number | null;
}

/**
 * A player's n-th vote is for the seat (n mod (N-1)) + 1 places after his own: never himself, never the
 * seat he voted for last (so every vote is an event), and since players take turns, their counts differ by
 * at most one, so no seat ever holds more than two votes: no majority ends the day.
 */
const targetOf = (seat: number, n: number) => ((seat - 1 + (n % (PLAYERS - 1)) + 1) % PLAYERS) + 1;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  const stats = new Stats();
  const target: Target =
    PEER === 'bgio'
      ? await boardgameIo()
      : PEER === undefined
        ? await ours(stats, STORE, process.env.LOAD_URL, process.env.SERVER_ROOT)
        : (() => {
            throw new Error('PEER must be bgio or unset');
          })();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(
    `load: ${ROOMS} rooms × ${PLAYERS} players, ${SECONDS} s, ${ALIGNED ? 'all rooms together' : 'rooms spread over each second'}, ${target.name}`,
  );

  const setupStart = Date.now();
  const rooms: Room[] = [];
  for (let i = 0; i < ROOMS; i += SETUP_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(SETUP_CONCURRENCY, ROOMS - i) }, () =>
      target.openRoom(PLAYERS),
    );
    rooms.push(...(await Promise.all(batch)));
  }
  for (let i = 0; i < rooms.length; i += SETUP_CONCURRENCY) {
    await Promise.all(rooms.slice(i, i + SETUP_CONCURRENCY).map((room) => target.startRoom(room)));
  }
  log(
    `setup: ${rooms.length} rooms, ${rooms.length * (PLAYERS + 1)} sockets in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`,
  );
  const setupErrors = stats.total();

  const loadBefore = loadavg()[0];
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const sent: Sent[] = [];
  const serverCpu = () => (target.child ? cpuSeconds(target.child.pid as number) : 0);
  const before = { server: serverCpu(), client: process.cpuUsage(), health: await target.health() };
  const t0 = performance.now() + 200;
  const ticks: Promise<void>[] = [];
  for (const [r, room] of rooms.entries()) {
    const offset = ALIGNED ? 0 : (r / rooms.length) * 1000;
    ticks.push(
      (async () => {
        for (let k = 0; k < SECONDS; k++) {
          const due = t0 + offset + k * 1000;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const senders = Array.from(
            { length: SENDERS },
            (_, i) => room.players[(k * SENDERS + i) % PLAYERS],
          );
          for (const player of senders) {
            const record: Sent = { room, at: performance.now(), version: null };
            sent.push(record);
            target.vote(player, targetOf(player.seat, player.votes++), (version) => {
              record.version = version;
            });
          }
        }
      })(),
    );
  }
  await Promise.all(ticks);
  const runEnd = performance.now();
  const ackDeadline = Date.now() + 10_000;
  while (sent.some((s) => s.version === null) && Date.now() < ackDeadline) await sleep(50);
  const after = {
    server: serverCpu(),
    client: process.cpuUsage(before.client),
    health: await target.health(),
  };
  await sleep(DRAIN_MS);

  const latencies: number[] = [];
  const bySecond: number[][] = Array.from({ length: SECONDS + 1 }, () => []);
  let lostViews = 0;
  let missingAcks = 0;
  for (const s of sent) {
    if (s.version === null) {
      missingAcks++;
      continue;
    }
    let last = 0;
    for (const conn of s.room.all) {
      const at = conn.sawAt(s.version);
      if (at === null) lostViews++;
      else last = Math.max(last, at);
    }
    latencies.push(last - s.at);
    bySecond[Math.max(0, Math.min(SECONDS, Math.floor((s.at - t0) / 1000)))].push(last - s.at);
  }
  if (missingAcks > 0) stats.error('no ack');
  const closed = rooms.flatMap((r) => r.all).filter((c) => c.closed).length;
  if (closed > 0) stats.error(`closed sockets: ${closed}`);
  latencies.sort((a, b) => a - b);
  const seconds = (runEnd - t0) / 1000;
  const acked = sent.length - missingAcks;
  const logBefore = before.health.log as { appends?: number; syncs?: number } | undefined;
  const logAfter = after.health.log as { appends?: number; syncs?: number } | undefined;
  const appends = (logAfter?.appends ?? 0) - (logBefore?.appends ?? 0);
  const syncs = (logAfter?.syncs ?? 0) - (logBefore?.syncs ?? 0);
  const result = {
    server: target.name,
    rooms: ROOMS,
    players: PLAYERS,
    sendersPerRoom: SENDERS,
    seconds: SECONDS,
    aligned: ALIGNED,
    store: STORE,
    cores: cpus().length,
    /** Other work on the machine skews every figure: the 1-minute load average before and after the run. */
    loadAverage: [round(loadBefore), round(loadavg()[0])],
    commands: sent.length,
    commandsPerSecond: Math.round(acked / seconds),
    errors: stats.total() - setupErrors + missingAcks,
    errorKinds: Object.fromEntries(stats.errors),
    lostViews,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? Number.NaN),
    },
    serverCpu: target.child
      ? `${round(((after.server - before.server) / seconds) * 100)}% of one core`
      : 'n/a (external server)',
    clientCpu: `${round(((after.client.user + after.client.system) / 1e6 / seconds) * 100)}% of one core`,
    logAppendsPerSync: syncs > 0 ? round(appends / syncs) : null,
    serverEventLoopDelayMs: after.health.eventLoopDelayMs,
    clientEventLoopDelayMs: { p99: round(clientLoop.percentile(99) / 1e6), max: round(clientLoop.max / 1e6) },
    p99BySecond: bySecond.map((l) =>
      round(
        percentile(
          l.sort((a, b) => a - b),
          99,
        ),
      ),
    ),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

  target.closeSockets();
  await target.stop();
  process.exitCode = result.errors === 0 && result.lostViews === 0 ? 0 : 1;
}

const round = (x: number) => Math.round(x * 10) / 10;

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
