import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Command } from '../../../shared/engine/commands.js';
import type { ChatMessage } from '../../../shared/log/records.js';
import type { ServerFrame } from '../../../shared/protocol/frames.js';
import type { SignalPayload } from '../../../shared/protocol/signal.js';
import type { SettingsInput } from '../../../shared/rules/settings.js';
import type { Endpoint } from '../../../shared/video/links.js';
import type { GameView } from '../../../shared/views/types.js';
import type { ConnectionStatus } from '../context/room-context.js';
import type { LinksFrame, SignalFrame, Signalling } from '../context/signalling-context.js';
import { reconnectDelay } from '../logic/backoff.js';
import { allLines, type HeldChat } from '../logic/chat-lines.js';
import { acceptAudience, type Following, follow, following, type HeldAudience } from '../logic/frames.js';
import { stillUnsent, type UnsentLine, unsentLine } from '../logic/outbox.js';
import {
  deviceKey,
  type KeyValueStore,
  noteStatus,
  type Session,
  type SessionStatus,
  saveSession,
} from '../logic/sessions.js';

/** How a command ended: the server's ack, or its refusal with a code the UI can explain. */
export type CommandResult = { ok: true; version: number } | { ok: false; code: string; message: string };

export class SocketError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type AskedType = 'thread' | 'pushKey' | 'pushSaved';
type AskedFrame = Extract<ServerFrame, { type: AskedType }>;

/** How long create and join wait for their answer. */
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * API Gateway closes sockets idle for 10 minutes; a ping every 5 keeps ours open at a tenth of the
 * messages a ping a minute cost (each is a billed message and a $default invocation).
 */
const PING_MS = 5 * 60_000;
/** A command the server was too busy to take (`busy`) is sent again, unchanged, after up to this long. */
const BUSY_RETRY_MS = 500;
/** No frame this long after a ping: the socket is dead though nobody said so (phones switching networks). */
const PONG_TIMEOUT_MS = 10_000;

export interface GameSocketOptions {
  url: () => Promise<string>;
  store: KeyValueStore;
  /** Anything about the room changed: the host re-renders and re-provides its context. */
  onChange: () => void;
  /** The server refused a command or a frame: the shell tells the player why. */
  onProblem: (code: string, message: string) => void;
  /** The stored token no longer opens the game (unknown game, bad token). */
  onLost: (session: Session) => void;
  /** How often to ping (PING_MS unless told). */
  pingMs?: number;
}

interface Waiting {
  expect: 'created' | 'joined' | 'watching';
  resolve: (frame: ServerFrame) => void;
  reject: (error: Error) => void;
}

/**
 * The room's WebSocket: binds it to a game (create, join, resume), keeps it open (ping), reopens it with
 * backoff after a drop and resumes with the stored token, resends unacknowledged commands (the server
 * remembers command ids, so a repeat is harmless), and keeps only views newer than the one it holds.
 */
export class GameSocket implements ReactiveController, Signalling {
  status: ConnectionStatus = 'idle';
  session: Session | null = null;
  /** The view, the chat and the versions held of the game (`logic/frames.ts`). */
  private held: Following = following('');
  links: LinksFrame | null = null;
  /** How many watch the game, as the server last said (forgotten whenever the connection binds again). */
  audience: HeldAudience | null = null;
  private readonly mediaListeners = new Set<(frame: LinksFrame | SignalFrame) => void>();

  private ws: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private waiting: Waiting | null = null;
  private readonly pending = new Map<string, { command: Command; done: (r: CommandResult) => void }>();
  /** Requests of a bound connection waiting for their reply, by the reply's type (one of each at a time). */
  private readonly asked = new Map<AskedType, (frame: AskedFrame | null) => void>();
  /** Commands wait for the resume's view: sent earlier, they could reach a connection not yet bound. */
  private bound = false;
  /**
   * A `resume` or `sync` is under way: the next view is the server's word on where the game is, taken even
   * when it is older than the one held. A version held too high (a forged or corrupt frame) would otherwise
   * shut out every real view after it.
   */
  private resyncing = false;

  get view(): GameView | null {
    return this.held.view;
  }

  /** The highest version a frame of the game brought. */
  get version(): number {
    return this.held.version;
  }

  /** The chat held, by channel. */
  get heldChat(): HeldChat {
    return this.held.chat;
  }

  /** Every chat line held, oldest first. */
  get chat(): ChatMessage[] {
    if (this.chatOf !== this.held.chat)
      [this.chatOf, this.lines] = [this.held.chat, allLines(this.held.chat)];
    return this.lines;
  }
  private chatOf: HeldChat | null = null;
  private lines: ChatMessage[] = [];

  /** Chat lines this phone wrote that have not come back in their channel yet: they show as waiting. */
  get unsentChat(): readonly UnsentLine[] {
    return this.outbox;
  }
  private outbox: UnsentLine[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: GameSocketOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
  }

  hostDisconnected(): void {
    window.removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    this.close();
  }

  /**
   * Creates a room; the connection becomes the host's. The phone's device key goes with it, so the room
   * knows whether its host also takes a seat from this phone.
   */
  async create(settings: SettingsInput, name: string): Promise<Session> {
    const device = deviceKey(this.options.store, newCommandId);
    return this.bind(
      hostSession(await this.request({ action: 'create', settings, name, device }, 'created'), name),
    );
  }

  /**
   * Opens a tournament table's game, its seats filled from the tournament's seating; the connection
   * becomes its host's (the judge's), as with `create`.
   */
  async openTable(
    table: { tournamentId: string; key: string; round: number; table: number },
    name: string,
  ): Promise<Session> {
    const device = deviceKey(this.options.store, newCommandId);
    return this.bind(
      hostSession(await this.request({ action: 'tournamentTable', ...table, name, device }, 'created'), name),
    );
  }

  /**
   * Joins a room by its code; the connection becomes that seat's. The phone's device key goes with it, so
   * a phone that already sits at this table is given its own seat back, never a second one.
   */
  async join(code: string, name: string): Promise<Session> {
    const device = deviceKey(this.options.store, newCommandId);
    const frame = await this.request({ action: 'join', code, name, device }, 'joined');
    if (frame.type !== 'joined') throw new SocketError('internal', 'unexpected reply');
    return this.bind({
      gameId: frame.gameId,
      token: frame.token,
      kind: 'seat',
      seat: frame.seat,
      code,
      name,
      savedAt: Date.now(),
      status: 'lobby',
    });
  }

  /**
   * Watches a room by its code as a spectator: the connection sees the public table and cannot act. The
   * spectator's token is kept like a seat's, so a reload watches on.
   */
  async watch(code: string): Promise<Session> {
    const frame = await this.request({ action: 'watch', code }, 'watching');
    if (frame.type !== 'watching') throw new SocketError('internal', 'unexpected reply');
    return this.bind({
      gameId: frame.gameId,
      token: frame.token,
      kind: 'spectator',
      seat: null,
      code,
      name: '',
      savedAt: Date.now(),
      status: 'running',
    });
  }

  /**
   * The host of a finished game opens a rematch; the server answers as to a `create`, and the new game is
   * opened on a connection of its own with the host's new token.
   */
  async rematch(): Promise<Session> {
    const ws = this.ws;
    const name = this.session?.name ?? '';
    if (!ws || !this.bound) throw new SocketError('network', 'not connected');
    const session = hostSession(await this.await(ws, { action: 'rematch' }, 'created'), name);
    saveSession(this.options.store, session);
    this.open(session);
    return session;
  }

  /** Commands sent and not yet answered (acked or refused): the screen says they wait to be sent. */
  get unsent(): number {
    return this.pending.size;
  }

  /** Opens (or reopens) a stored game: connects if needed and resumes with its token. */
  open(session: Session): void {
    if (this.session?.gameId === session.gameId && this.session.token === session.token && this.ws) return;
    this.close();
    this.session = session;
    this.connect();
  }

  /** Leaves the room on this phone (the token stays stored for a later return). */
  close(): void {
    clearTimeout(this.retryTimer);
    this.stopPing();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.waiting?.reject(new SocketError('closed', 'the connection was closed'));
    this.waiting = null;
    for (const p of this.pending.values()) p.done({ ok: false, code: 'closed', message: 'left the room' });
    this.pending.clear();
    this.outbox = [];
    for (const done of [...this.asked.values()]) done(null);
    this.session = null;
    this.held = following('');
    this.links = null;
    this.audience = null;
    this.bound = false;
    this.resyncing = false;
    this.attempt = 0;
    this.setStatus('idle');
  }

  /** Sends a game command; resolves on its ack or rejection, however many reconnections that takes. */
  send(command: Command): Promise<CommandResult> {
    const commandId = newCommandId();
    const seat = this.session?.seat ?? null;
    if (command.type === 'say' && seat !== null)
      this.outbox = [
        ...this.outbox,
        unsentLine(this.held.chat, commandId, seat, command.channel, command.text),
      ];
    return new Promise((done) => {
      this.pending.set(commandId, {
        command,
        done: (r) => {
          // A line refused (or dropped with the room) never comes back: it stops waiting.
          if (!r.ok) this.outbox = this.outbox.filter((line) => line.commandId !== commandId);
          done(r);
          this.options.onChange();
        },
      });
      if (this.bound) this.transmit({ action: 'command', commandId, command });
      this.options.onChange();
    });
  }

  /**
   * A request to the game the connection is bound to (`thread`, `pushKey`, `push`): resolves with its
   * reply, or null when it cannot be had now (not bound, dropped, refused, or no answer in time).
   */
  ask<T extends AskedType>(frame: object, reply: T): Promise<Extract<ServerFrame, { type: T }> | null> {
    if (!this.bound) return Promise.resolve(null);
    this.asked.get(reply)?.(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), REQUEST_TIMEOUT_MS);
      const done = (frame: AskedFrame | null) => {
        clearTimeout(timer);
        if (this.asked.get(reply) === done) this.asked.delete(reply);
        resolve(frame as Extract<ServerFrame, { type: T }> | null);
      };
      this.asked.set(reply, done);
      this.transmit(frame);
    });
  }

  signal(to: Endpoint, payload: SignalPayload): void {
    if (this.bound) this.transmit({ action: 'signal', to, payload });
  }

  subscribe(listener: (frame: LinksFrame | SignalFrame) => void): () => void {
    this.mediaListeners.add(listener);
    return () => this.mediaListeners.delete(listener);
  }

  private async bind(session: Session): Promise<Session> {
    saveSession(this.options.store, session);
    this.session = session;
    this.bound = true;
    this.resync();
    this.options.onChange();
    return session;
  }

  private async request(frame: object, expect: Waiting['expect']): Promise<ServerFrame> {
    if (this.waiting) throw new SocketError('busy', 'another request is under way');
    // A fresh socket: create and join bind the connection, so it must not be bound to another game.
    this.close();
    const ws = await this.openSocket();
    return this.await(ws, frame, expect);
  }

  /** Sends a frame and waits for the one reply it expects, or its error, for REQUEST_TIMEOUT_MS at most. */
  private await(ws: WebSocket, frame: object, expect: Waiting['expect']): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      // A server that never answers must not leave the button spinning: give up, and say so.
      const timer = setTimeout(() => {
        if (this.waiting?.resolve !== done) return;
        this.waiting = null;
        this.close();
        reject(new SocketError('network', 'the server did not answer'));
      }, REQUEST_TIMEOUT_MS);
      const done = (f: ServerFrame) => {
        clearTimeout(timer);
        resolve(f);
      };
      this.waiting = {
        expect,
        resolve: done,
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      ws.send(JSON.stringify(frame));
    });
  }

  private openSocket(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      this.setStatus('connecting');
      this.options.url().then((url) => {
        const ws = new WebSocket(url);
        this.ws = ws;
        this.attach(ws);
        ws.addEventListener('open', () => resolve(ws), { once: true });
        ws.addEventListener('close', () => reject(new SocketError('network', 'could not reach the server')), {
          once: true,
        });
      }, reject);
    });
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    this.options.url().then(
      (url) => {
        if (!this.session) return;
        const ws = new WebSocket(url);
        this.ws = ws;
        this.attach(ws);
        ws.addEventListener('open', () => {
          if (this.ws !== ws || !this.session) return;
          this.resyncing = true;
          this.audience = null;
          this.transmit({ action: 'resume', gameId: this.session.gameId, token: this.session.token });
        });
      },
      () => this.retry(),
    );
  }

  private attach(ws: WebSocket): void {
    ws.addEventListener('open', () => {
      if (this.ws === ws) this.startPing();
    });
    ws.addEventListener('message', (e) => {
      if (this.ws === ws) this.receive(String(e.data));
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.bound = false;
      this.resyncing = false;
      this.stopPing();
      if (this.waiting) {
        this.waiting.reject(new SocketError('network', 'the connection dropped'));
        this.waiting = null;
        this.setStatus('idle');
      }
      if (this.session) this.retry();
    });
  }

  private retry(): void {
    if (!this.session) return;
    this.setStatus('reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++, Math.random()));
  }

  /** Back online or back on screen: try now instead of waiting out the backoff. */
  private readonly wake = () => {
    if (document.visibilityState === 'hidden' || !this.session) return;
    // Still open: a ping asks where the game is, in case a frame was lost while the phone slept.
    if (this.ws) return this.bound ? this.transmit({ action: 'ping' }) : undefined;
    this.attempt = 0;
    this.connect();
  };

  private receive(raw: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(raw) as ServerFrame;
    } catch {
      return;
    }
    clearTimeout(this.pongTimer);
    switch (frame.type) {
      // Made up the count of a round's frames: it brings nothing (its `pad`, like any frame's, is ignored).
      case 'cover':
        return;
      case 'created':
      case 'joined':
      case 'watching':
        if (this.waiting?.expect === frame.type) {
          const w = this.waiting;
          this.waiting = null;
          w.resolve(frame);
        } else if (frame.type === 'watching') this.moveWatch(frame);
        return;
      case 'audience':
        if (!this.session || !acceptAudience(this.audience, this.session.gameId, frame)) return;
        this.audience = { gameId: frame.gameId, count: frame.count, rev: frame.rev };
        this.options.onChange();
        return;
      case 'view':
      case 'chat':
        return this.take(frame);
      case 'ack':
      case 'rejected': {
        const p = this.pending.get(frame.commandId);
        if (!p) return;
        this.pending.delete(frame.commandId);
        if (frame.type === 'ack') p.done({ ok: true, version: frame.version });
        else {
          p.done({ ok: false, code: frame.code, message: frame.message });
          this.options.onProblem(frame.code, frame.message);
        }
        return;
      }
      case 'pong':
        return this.take(frame);
      case 'thread':
        // A page of the chat: kept with the lines held, and handed to whoever asked for it.
        this.take(frame);
        this.asked.get(frame.type)?.(frame);
        return;
      case 'pushKey':
      case 'pushSaved':
        this.asked.get(frame.type)?.(frame);
        return;
      case 'links':
        if (this.links && frame.version < this.links.version) return;
        this.links = frame;
        for (const listener of this.mediaListeners) listener(frame);
        return;
      case 'signal':
        for (const listener of this.mediaListeners) listener(frame);
        return;
      case 'error':
        if (frame.code === 'busy' && frame.commandId !== undefined) return this.resend(frame.commandId);
        // A signal that crossed a phase change: the links frame that follows says what to close.
        if (frame.code === 'link_forbidden') return;
        // This server sends no pushes, or not under that key (the app subscribes again when it next opens
        // the game): the subscription's asker hears no, the player nothing.
        if (frame.code === 'push_off' || frame.code === 'push_key')
          return this.asked.get('pushSaved')?.(null);
        return this.fail(frame.code, frame.message);
    }
  }

  /**
   * The table this phone watches plays again: the server sent a token to watch the rematch with. The
   * spectator's session follows, under the code he came with (it leads there too), and is opened on a
   * socket of its own, as a seat follows by joining anew.
   */
  private moveWatch(frame: Extract<ServerFrame, { type: 'watching' }>): void {
    const from = this.session;
    if (from?.kind !== 'spectator' || from.gameId === frame.gameId) return;
    const session: Session = { ...from, gameId: frame.gameId, token: frame.token, savedAt: Date.now() };
    saveSession(this.options.store, session);
    this.open(session);
  }

  /**
   * A frame of the game followed (`follow`): a view, a chat line, a page, a pong. A view ends a resync and
   * opens the connection; a frame that shows one was missed, or that the version held is not the server's,
   * asks for `sync`.
   */
  private take(frame: ServerFrame): void {
    const session = this.session;
    if (!session) return;
    const held = this.held.gameId === session.gameId ? this.held : following(session.gameId);
    const step = follow(held, frame, this.resyncing);
    if (step.sync) {
      if (this.bound) this.resync();
      return;
    }
    if (step.held === this.held) return;
    this.held = step.held;
    this.outbox = stillUnsent(this.outbox, step.held.chat);
    if (frame.type === 'view' && step.held.view) this.tookView(session, step.held.view);
    this.options.onChange();
  }

  private tookView(session: Session, view: GameView): void {
    this.resyncing = false;
    this.session = noteStatus(this.options.store, session, statusOf(view));
    this.attempt = 0;
    if (!this.bound || this.status !== 'open') {
      this.bound = true;
      this.setStatus('open');
      this.flush();
    }
  }

  /** Asks for the full view now; its answer is taken whatever version it carries. */
  private resync(): void {
    if (this.resyncing) return;
    this.resyncing = true;
    this.transmit({ action: 'sync' });
  }

  /** Sends a command the server did not take again, same id, after a random pause (racers spread out). */
  private resend(commandId: string): void {
    setTimeout(() => {
      const p = this.pending.get(commandId);
      if (p && this.bound) this.transmit({ action: 'command', commandId, command: p.command });
    }, Math.random() * BUSY_RETRY_MS);
  }

  /** Sends every command still waiting for its answer (again, after a reconnection: same ids). */
  private flush(): void {
    for (const [commandId, p] of this.pending)
      this.transmit({ action: 'command', commandId, command: p.command });
  }

  private fail(code: string, message: string): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      this.setStatus('idle');
      w.reject(new SocketError(code, message));
      return;
    }
    const session = this.session;
    if (session && (code === 'bad_token' || code === 'no_game')) {
      this.close();
      this.options.onLost(session);
      return;
    }
    this.options.onProblem(code, message);
  }

  private transmit(frame: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      this.transmit({ action: 'ping' });
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => this.ws?.close(), PONG_TIMEOUT_MS);
    }, this.options.pingMs ?? PING_MS);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onChange();
    this.host.requestUpdate();
  }
}

/** The host's session of a room the server just opened (`created`). */
function hostSession(frame: ServerFrame, name: string): Session {
  if (frame.type !== 'created') throw new SocketError('internal', 'unexpected reply');
  return {
    gameId: frame.gameId,
    token: frame.hostToken,
    kind: 'host',
    seat: null,
    code: frame.code,
    name,
    savedAt: Date.now(),
    status: 'lobby',
  };
}

const statusOf = (view: GameView): SessionStatus =>
  view.over ? 'finished' : view.phase.kind === 'lobby' ? 'lobby' : 'running';

function newCommandId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
