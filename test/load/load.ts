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
 * Env: ROOMS (200), PLAYERS (10), SENDERS (players of a room who send each second; all by default),
 * SECONDS (30), ALIGNED (0), STORE (log), LOAD_URL (use a running server instead of starting one, e.g.
 * ws://127.0.0.1:8080/ws).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { freePort, listening, startMain } from '../support/main-process.js';

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
const SETUP_CONCURRENCY = 20;
const DRAIN_MS = 3000;
const ROOM_SETTINGS = {
  preset: 'classic',
  master: 'auto',
  introNight: 'never',
  voting: 'majority',
  timers: { day: 3600 },
};

/** One socket of a room, with the arrival time of each newer view it received. */
class Conn {
  readonly versions: number[] = [];
  readonly times: number[] = [];
  seat: number | 'host' = 'host';
  /** Votes this player has sent: his n-th vote goes n places round the table. */
  votes = 0;
  closed = false;
  private readonly pending = new Map<string, (frame: Record<string, unknown>) => void>();

  constructor(
    readonly ws: WebSocket,
    private readonly stats: Stats,
  ) {
    ws.on('message', (data) => this.receive(data.toString()));
    ws.on('close', () => {
      this.closed = true;
    });
  }

  static open(url: string, stats: Stats): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => resolve(new Conn(ws, stats)));
      ws.once('error', reject);
    });
  }

  /** The next frame of one of these types; replies to this socket come in order. */
  expect(key: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => this.pending.set(key, resolve));
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Earliest arrival of a view at or after `version`, or null. */
  sawAt(version: number): number | null {
    let lo = 0;
    let hi = this.versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.versions[mid] < version) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.versions.length ? this.times[lo] : null;
  }

  private receive(text: string): void {
    const now = performance.now();
    // Views are most of the traffic; the server writes `type` and `version` first, so the prefix is enough.
    const view = /^\{"type":"view","version":(\d+)/.exec(text);
    if (view) {
      const version = Number(view[1]);
      if (version > (this.versions.at(-1) ?? 0)) {
        this.versions.push(version);
        this.times.push(now);
      }
      this.pending.get('view')?.(JSON.parse(text) as Record<string, unknown>);
      this.pending.delete('view');
      return;
    }
    const frame = JSON.parse(text) as Record<string, unknown>;
    if (frame.type === 'ack' || frame.type === 'rejected') {
      const key = `cmd:${frame.commandId as string}`;
      const waiter = this.pending.get(key);
      this.pending.delete(key);
      if (frame.type === 'rejected') this.stats.error(`rejected ${frame.code as string}`);
      waiter?.(frame);
      return;
    }
    if (frame.type === 'error') this.stats.error(`error ${frame.code as string}`);
    const waiter = this.pending.get(frame.type as string);
    this.pending.delete(frame.type as string);
    waiter?.(frame);
  }
}

class Stats {
  readonly errors = new Map<string, number>();
  error(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
  total(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

interface Sent {
  room: Room;
  at: number;
  version: number | null;
}

interface Room {
  host: Conn;
  players: Conn[];
  all: Conn[];
}

async function openRoom(url: string, stats: Stats): Promise<Room> {
  const host = await Conn.open(url, stats);
  const createdP = host.expect('created');
  host.send({ action: 'create', settings: ROOM_SETTINGS, name: 'Host' });
  const created = await createdP;
  const players: Conn[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const player = await Conn.open(url, stats);
    const joinedP = player.expect('joined');
    player.send({ action: 'join', code: created.code, name: `P${i + 1}` });
    player.seat = (await joinedP).seat as number;
    players.push(player);
  }
  return { host, players, all: [host, ...players] };
}

async function startRoom(room: Room): Promise<void> {
  const commandId = randomUUID();
  const ackP = room.host.expect(`cmd:${commandId}`);
  room.host.send({ action: 'command', commandId, command: { type: 'start' } });
  const ack = await ackP;
  if (ack.type !== 'ack') throw new Error(`start refused: ${JSON.stringify(ack)}`);
  const version = ack.version as number;
  const until = Date.now() + 10_000;
  while (room.all.some((c) => c.sawAt(version) === null)) {
    if (Date.now() > until) throw new Error('a room never showed its started game');
    await sleep(20);
  }
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

async function startLocalServer(): Promise<{
  wsUrl: string;
  httpUrl: string;
  child: ChildProcess;
  dataDir: string;
}> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-load-'));
  const child = startMain(port, dataDir, { STORE, PER_ADDRESS_LIMITS: '0' }, { stderr: 'inherit' });
  const httpUrl = `http://127.0.0.1:${port}`;
  if (!(await listening(httpUrl, child)).ok) throw new Error('the server did not start');
  return { wsUrl: `ws://127.0.0.1:${port}/ws`, httpUrl, child, dataDir };
}

async function health(httpUrl: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${httpUrl}/healthz`)).json()) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const stats = new Stats();
  const external = process.env.LOAD_URL;
  const server = external ? null : await startLocalServer();
  const wsUrl = external ?? (server as { wsUrl: string }).wsUrl;
  const httpUrl = external
    ? external.replace(/^ws/, 'http').replace(/\/ws$/, '')
    : (server as { httpUrl: string }).httpUrl;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(
    `load: ${ROOMS} rooms × ${PLAYERS} players, ${SECONDS} s, ${ALIGNED ? 'all rooms together' : 'rooms spread over each second'}, store ${STORE}, ${wsUrl}`,
  );

  const setupStart = Date.now();
  const rooms: Room[] = [];
  for (let i = 0; i < ROOMS; i += SETUP_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(SETUP_CONCURRENCY, ROOMS - i) }, () =>
      openRoom(wsUrl, stats),
    );
    rooms.push(...(await Promise.all(batch)));
  }
  for (let i = 0; i < rooms.length; i += SETUP_CONCURRENCY) {
    await Promise.all(rooms.slice(i, i + SETUP_CONCURRENCY).map(startRoom));
  }
  log(
    `setup: ${rooms.length} rooms, ${rooms.length * (PLAYERS + 1)} sockets in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`,
  );
  const setupErrors = stats.total();

  const loadBefore = loadavg()[0];
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const sent = new Map<string, Sent>();
  const before = {
    server: server ? cpuSeconds(server.child.pid as number) : 0,
    client: process.cpuUsage(),
    health: await health(httpUrl),
  };
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
            const commandId = randomUUID();
            const record: Sent = { room, at: performance.now(), version: null };
            sent.set(commandId, record);
            void player.expect(`cmd:${commandId}`).then((reply) => {
              if (reply.type === 'ack') record.version = reply.version as number;
            });
            player.send({
              action: 'command',
              commandId,
              command: { type: 'vote', target: targetOf(player.seat as number, player.votes++) },
            });
          }
        }
      })(),
    );
  }
  await Promise.all(ticks);
  const runEnd = performance.now();
  const ackDeadline = Date.now() + 10_000;
  while ([...sent.values()].some((s) => s.version === null) && Date.now() < ackDeadline) await sleep(50);
  const after = {
    server: server ? cpuSeconds(server.child.pid as number) : 0,
    client: process.cpuUsage(before.client),
    health: await health(httpUrl),
  };
  await sleep(DRAIN_MS);

  const latencies: number[] = [];
  const bySecond: number[][] = Array.from({ length: SECONDS + 1 }, () => []);
  let lostViews = 0;
  let missingAcks = 0;
  for (const s of sent.values()) {
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
  const acked = sent.size - missingAcks;
  const logBefore = before.health.log as { appends?: number; syncs?: number } | undefined;
  const logAfter = after.health.log as { appends?: number; syncs?: number } | undefined;
  const appends = (logAfter?.appends ?? 0) - (logBefore?.appends ?? 0);
  const syncs = (logAfter?.syncs ?? 0) - (logBefore?.syncs ?? 0);
  const result = {
    rooms: ROOMS,
    players: PLAYERS,
    sendersPerRoom: SENDERS,
    seconds: SECONDS,
    aligned: ALIGNED,
    store: STORE,
    cores: cpus().length,
    /** Other work on the machine skews every figure: the 1-minute load average before and after the run. */
    loadAverage: [round(loadBefore), round(loadavg()[0])],
    commands: sent.size,
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
    serverCpu: server
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

  for (const conn of rooms.flatMap((r) => r.all)) conn.ws.terminate();
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  process.exitCode = result.errors === 0 && result.lostViews === 0 ? 0 : 1;
}

const round = (x: number) => Math.round(x * 10) / 10;

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
