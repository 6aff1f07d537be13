import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ChatMessage, GameView, ServerFrame } from '../../shared/index.js';
import { allLines } from '../../web/src/logic/chat-lines.js';
import { type Following, follow, following, withSettings } from '../../web/src/logic/frames.js';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
/** A view frame as the socket's client holds it: with the settings, sent in it or held from an earlier one. */
type ViewFrame = { type: 'view'; version: number; view: GameView };

/**
 * A player's (or host's) socket for tests: sends frames, keeps every frame received in order, and waits for
 * the one it needs. Views are also kept per version so a test can check what this socket was shown, and the
 * chat it holds follows its pages and `chat` frames as the PWA's does (`follow`).
 */
export class GameClient {
  readonly frames: ServerFrame[] = [];
  private readonly shown: ViewFrame[] = [];
  /** The settings each key named, as views brought them. */
  private readonly settings = new Map<string, GameView['settings']>();
  private held: Following = following('');
  private readonly waiters = new Set<() => void>();
  gameId = '';
  token = '';
  seat: number | 'host' | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      if (frame.type === 'created' || frame.type === 'joined' || frame.type === 'watching')
        this.gameId = frame.gameId;
      if (frame.type === 'view') this.show(frame);
      this.follow(frame);
      for (const wake of [...this.waiters]) wake();
    });
    ws.on('close', () => {
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** `options`: the socket's own, e.g. the CA that signed a `wss://` server's certificate. */
  static open(url: string, options?: WebSocket.ClientOptions): Promise<GameClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      ws.once('open', () => resolve(new GameClient(ws)));
      ws.once('error', reject);
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: object | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Sends, then waits for the first frame after it that matches. */
  async request<T extends ServerFrame>(
    frame: object | string,
    match: (f: ServerFrame) => f is T,
    timeoutMs = 5000,
  ): Promise<T> {
    const from = this.frames.length;
    this.send(frame);
    return this.waitFor(match, timeoutMs, from);
  }

  private show({ version, view: sent }: Frame<'view'>): void {
    if (sent.settings !== undefined) this.settings.set(sent.settingsKey, sent.settings);
    const view = withSettings(sent, (key) => this.settings.get(key));
    // Settings it was never sent (a fan-out view that overtook the answer to its join): as the PWA's client,
    // it does not take that view; the answer on its way brings them.
    if (view !== null) this.shown.push({ type: 'view', version, view });
  }

  private follow(frame: ServerFrame): void {
    if (this.held.gameId !== this.gameId) this.held = following(this.gameId);
    this.held = follow(this.held, frame, false).held;
  }

  /** Every chat line this socket holds, oldest first, as the PWA's chat panel shows them. */
  chat(): ChatMessage[] {
    return allLines(this.held.chat);
  }

  /** The first frame (from index `from` on) that matches, waiting for it if need be. */
  waitFor<T extends ServerFrame>(match: (f: ServerFrame) => f is T, timeoutMs = 5000, from = 0): Promise<T> {
    return this.waitIn(this.frames, match, timeoutMs, from);
  }

  private waitIn<F, T extends F>(
    list: readonly F[],
    match: (f: F) => f is T,
    timeoutMs: number,
    from: number,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = list.slice(from).find(match);
        if (found === undefined) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `no matching frame within ${timeoutMs} ms; last frames: ${JSON.stringify(list.slice(-3)).slice(0, 600)}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = () => void check();
      if (!check()) this.waiters.add(wake);
    });
  }

  async create(settings: object, name = 'Host'): Promise<Frame<'created'>> {
    const created = await this.request({ action: 'create', settings, name }, is('created'));
    this.gameId = created.gameId;
    this.token = created.hostToken;
    this.seat = 'host';
    return created;
  }

  async join(code: string, name: string, seat?: number): Promise<Frame<'joined'>> {
    const joined = await this.request(
      { action: 'join', code, name, ...(seat ? { seat } : {}) },
      is('joined'),
    );
    this.gameId = joined.gameId;
    this.token = joined.token;
    this.seat = joined.seat;
    return joined;
  }

  async resume(gameId = this.gameId, token = this.token): Promise<ViewFrame | Frame<'error'>> {
    const answer = await this.request({ action: 'resume', gameId, token }, isAny('view', 'error'));
    // The view just shown is this one, as its client holds it.
    return answer.type === 'view' ? (this.shown.at(-1) as ViewFrame) : answer;
  }

  /** Sends a command and waits for its ack or rejection. */
  command(
    command: object,
    options: { commandId?: string; expectedVersion?: number } = {},
  ): Promise<Frame<'ack'> | Frame<'rejected'>> {
    const commandId = options.commandId ?? randomUUID();
    const frame = {
      action: 'command',
      commandId,
      command,
      ...(options.expectedVersion === undefined ? {} : { expectedVersion: options.expectedVersion }),
    };
    return this.request(
      frame,
      (f): f is Frame<'ack'> | Frame<'rejected'> =>
        (f.type === 'ack' || f.type === 'rejected') && f.commandId === commandId,
    );
  }

  /** The views this socket was shown: each view frame, and each view a chat frame brought. */
  views(): ViewFrame[] {
    return [...this.shown];
  }

  latest(): GameView | null {
    const views = this.views();
    let best: ViewFrame | null = null;
    for (const v of views) if (best === null || v.version > best.version) best = v;
    return best?.view ?? null;
  }

  version(): number {
    return Math.max(0, ...this.views().map((v) => v.version));
  }

  /** Waits for a view at or after `version` that satisfies `match`. */
  waitForView(
    match: (view: GameView, version: number) => boolean = () => true,
    timeoutMs = 5000,
    minVersion = 0,
  ): Promise<ViewFrame> {
    return this.waitIn(
      this.shown,
      (f): f is ViewFrame => f.version >= minVersion && match(f.view, f.version),
      timeoutMs,
      0,
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  /** Stops reading from the socket (a client that never reads); the server's writes pile up. */
  stopReading(): void {
    (this.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  /** Reads again after `stopReading`. */
  startReading(): void {
    (this.ws as unknown as { _socket: { resume(): void } })._socket.resume();
  }

  /** Drops the socket without a closing handshake, as a phone losing its network would. */
  drop(): void {
    this.ws.terminate();
  }
}

export const is =
  <T extends ServerFrame['type']>(type: T) =>
  (f: ServerFrame): f is Frame<T> =>
    f.type === type;

export const isAny =
  <A extends ServerFrame['type'], B extends ServerFrame['type']>(a: A, b: B) =>
  (f: ServerFrame): f is Frame<A> | Frame<B> =>
    f.type === a || f.type === b;
