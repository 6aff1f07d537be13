import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Socket as IoSocket, io } from 'socket.io-client';
import WebSocket from 'ws';
import { freePort, listening, type MainProcess, startMain } from '../support/main-process.js';

const root = new URL('../../', import.meta.url).pathname;

/** What went wrong during a run, by kind. */
export class Stats {
  readonly errors = new Map<string, number>();
  error(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
  total(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

/** One socket of a room, with the arrival time of each newer view (state) it received. */
export class Viewer {
  readonly versions: number[] = [];
  readonly times: number[] = [];
  seat = -1;
  /** Votes this player has sent: his n-th vote goes n places round the table. */
  votes = 0;
  closed = false;

  saw(version: number, at: number): void {
    if (version > (this.versions.at(-1) ?? -1)) {
      this.versions.push(version);
      this.times.push(at);
    }
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
}

export interface Room {
  players: Viewer[];
  /** Every socket of the room: the players and one more (our host; the peer's spectator). */
  all: Viewer[];
}

/** A server under load, and how the load speaks to it. */
export interface Target {
  name: string;
  /** The server's process, for its CPU time. */
  child: ChildProcess | null;
  openRoom(players: number): Promise<Room>;
  /** Until every socket of the room shows the game under way. */
  startRoom(room: Room): Promise<void>;
  /** Sends a vote; `taken` gets the version it made (and the command's id) once the server says so. */
  vote(player: Viewer, target: number, taken: (version: number, commandId: string) => void): void;
  /** The server's own counters, where it has any. */
  health(): Promise<Record<string, unknown>>;
  closeSockets(): void;
  stop(): Promise<void>;
}

const ROOM_SETTINGS = {
  preset: 'classic',
  master: 'auto',
  introNight: 'never',
  voting: 'majority',
  timers: { day: 3600 },
};

class OurSocket extends Viewer {
  private readonly pending = new Map<string, (frame: Record<string, unknown>) => void>();

  constructor(
    readonly ws: WebSocket,
    private readonly stats: Stats,
  ) {
    super();
    ws.on('message', (data) => this.receive(data.toString()));
    ws.on('close', () => {
      this.closed = true;
    });
  }

  static open(url: string, stats: Stats): Promise<OurSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => resolve(new OurSocket(ws, stats)));
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

  private receive(text: string): void {
    const now = performance.now();
    // Views are most of the traffic; the server writes `type` and `version` first, so the prefix is enough.
    const view = /^\{"type":"view","version":(\d+)/.exec(text);
    if (view) {
      this.saw(Number(view[1]), now);
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

/** Our server (`functions/local/main.ts`) in a process of its own, or one already running at `url`. */
export async function ours(stats: Stats, store: string, url?: string, serverRoot?: string): Promise<Target> {
  let child: ChildProcess | null = null;
  let dataDir: string | null = null;
  let wsUrl = url;
  if (wsUrl === undefined) {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-load-'));
    const env = { STORE: store, PER_ADDRESS_LIMITS: '0' };
    const main = serverRoot
      ? startMainAt(serverRoot, port, dataDir, env)
      : startMain(port, dataDir, env, { stderr: 'inherit' });
    child = main;
    if (!(await listening(`http://127.0.0.1:${port}`, main)).ok) throw new Error('the server did not start');
    wsUrl = `ws://127.0.0.1:${port}/ws`;
  }
  const socketUrl = wsUrl;
  const httpUrl = socketUrl.replace(/^ws/, 'http').replace(/\/ws$/, '');
  const sockets: OurSocket[] = [];
  const open = async () => {
    const socket = await OurSocket.open(socketUrl, stats);
    sockets.push(socket);
    return socket;
  };
  return {
    name: `ours (store ${store}${serverRoot ? `, ${serverRoot}` : ''})`,
    child,
    async openRoom(players) {
      const host = await open();
      const createdP = host.expect('created');
      host.send({ action: 'create', settings: ROOM_SETTINGS, name: 'Host' });
      const created = await createdP;
      const seated: OurSocket[] = [];
      for (let i = 0; i < players; i++) {
        const player = await open();
        const joinedP = player.expect('joined');
        player.send({ action: 'join', code: created.code, name: `P${i + 1}` });
        player.seat = (await joinedP).seat as number;
        seated.push(player);
      }
      return { players: seated, all: [host, ...seated] };
    },
    async startRoom(room) {
      const host = room.all[0] as OurSocket;
      const commandId = crypto.randomUUID();
      const ackP = host.expect(`cmd:${commandId}`);
      host.send({ action: 'command', commandId, command: { type: 'start' } });
      const ack = await ackP;
      if (ack.type !== 'ack') throw new Error(`start refused: ${JSON.stringify(ack)}`);
      await shown(room, ack.version as number);
    },
    vote(player, target, taken) {
      const socket = player as OurSocket;
      const commandId = crypto.randomUUID();
      void socket.expect(`cmd:${commandId}`).then((reply) => {
        if (reply.type === 'ack') taken(reply.version as number, commandId);
      });
      socket.send({ action: 'command', commandId, command: { type: 'vote', target } });
    },
    health: async () => (await (await fetch(`${httpUrl}/healthz`)).json()) as Record<string, unknown>,
    closeSockets: () => {
      for (const socket of sockets) socket.ws.terminate();
    },
    async stop() {
      if (child === null) return;
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Our server as another checkout of it has it (`SERVER_ROOT`, e.g. the commit before a change), so that a
 * change is measured in one run against what it changed.
 */
function startMainAt(dir: string, port: number, dataDir: string, env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/local/main.ts'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', QUIET: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return Object.assign(child, { stderrText: () => text });
}

/** A socket of boardgame.io's protocol (socket.io): `update` frames carry the state and its log. */
class PeerSocket extends Viewer {
  constructor(
    readonly socket: IoSocket,
    readonly matchID: string,
    readonly playerID: string | null,
    taken: Map<string, (version: number) => void>,
  ) {
    super();
    socket.on('update', (_matchID: string, state: { _stateID: number }, log: PeerLogEntry[]) => {
      const now = performance.now();
      this.saw(state._stateID, now);
      // The player who sent a move learns its state id from the log of the update it made.
      for (const entry of log ?? []) {
        const commandId = entry.action?.payload?.args?.[1];
        if (typeof commandId !== 'string') continue;
        const waiter = taken.get(commandId);
        taken.delete(commandId);
        waiter?.(state._stateID);
      }
    });
    socket.on('sync', (_matchID: string, info: { state: { _stateID: number } }) =>
      this.saw(info.state._stateID, performance.now()),
    );
    socket.on('disconnect', () => {
      this.closed = true;
    });
  }
}

interface PeerLogEntry {
  action?: { payload?: { args?: unknown[] } };
}

/** boardgame.io in memory (`peer/bgio-server.ts`) in a process of its own. */
export async function boardgameIo(): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/load/peer/bgio-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`${base}/games`);
      break;
    } catch {
      if (Date.now() > until || child.exitCode !== null) throw new Error('boardgame.io did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const taken = new Map<string, (version: number) => void>();
  const sockets: PeerSocket[] = [];
  let matches = 0;
  const open = (matchID: string, playerID: string | null, players: number): Promise<PeerSocket> =>
    new Promise((resolve, reject) => {
      const socket = io(`${base}/vote`, { transports: ['websocket'], forceNew: true });
      const peer = new PeerSocket(socket, matchID, playerID, taken);
      sockets.push(peer);
      socket.once('connect_error', reject);
      socket.once('sync', () => resolve(peer));
      socket.once('connect', () => socket.emit('sync', matchID, playerID, undefined, players));
    });
  return {
    name: 'boardgame.io 0.50.2 (memory)',
    child,
    async openRoom(players) {
      const matchID = `load-${++matches}`;
      // The first sync creates the match; the others join it.
      const first = await open(matchID, '0', players);
      first.seat = 1;
      const rest = await Promise.all(
        Array.from({ length: players - 1 }, (_, i) => open(matchID, String(i + 1), players)),
      );
      rest.forEach((p, i) => {
        p.seat = i + 2;
      });
      const spectator = await open(matchID, null, players);
      const seated = [first, ...rest];
      return { players: seated, all: [spectator, ...seated] };
    },
    async startRoom() {
      // A match is under way from its first sync.
    },
    vote(player, target, onTaken) {
      const peer = player as PeerSocket;
      const commandId = crypto.randomUUID();
      taken.set(commandId, (version) => onTaken(version, commandId));
      // Any state id: the move takes stale ones, as our server takes a room's votes arriving together.
      const action = {
        type: 'MAKE_MOVE',
        payload: { type: 'vote', args: [target - 1, commandId], playerID: peer.playerID },
      };
      peer.socket.emit('update', action, 0, peer.matchID, peer.playerID);
    },
    health: async () => ({}),
    closeSockets: () => {
      for (const peer of sockets) peer.socket.disconnect();
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Until every socket of the room holds a view at or after `version`. */
async function shown(room: Room, version: number): Promise<void> {
  const until = Date.now() + 10_000;
  while (room.all.some((c) => c.sawAt(version) === null)) {
    if (Date.now() > until) throw new Error('a room never showed its started game');
    await new Promise((r) => setTimeout(r, 20));
  }
}
