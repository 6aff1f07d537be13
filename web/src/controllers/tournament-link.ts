import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientFrame, ServerFrame } from '../../../shared/protocol/frames.js';
import type { TournamentView } from '../../../shared/tournament/view.js';
import { SocketError } from './game-socket.js';

/** How often an open tournament page reads the standings again while it is on screen. */
const REFRESH_MS = 15_000;
const REQUEST_TIMEOUT_MS = 10_000;

type TournamentFrame = Extract<ClientFrame, { action: `tournament${string}` }>;
type Created = Extract<ServerFrame, { type: 'tournamentCreated' }>;

export interface TournamentLinkOptions {
  url: () => Promise<string>;
  refreshMs?: number;
}

/**
 * The tournament page's own connection: it asks for the tournament, makes and changes one, and while a
 * tournament is on screen reads it again every little while, so standings follow the tables' games as they
 * end (nothing is pushed: a tournament's readers bind to no game). Requests go one at a time, each answered
 * by the frames up to its `tournament` (or `error`) frame.
 */
export class TournamentLink implements ReactiveController {
  view: TournamentView | null = null;
  /** Why the last reading failed, or null. */
  problem: { code: string; message: string } | null = null;
  private ws: WebSocket | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private answer: ((frame: ServerFrame) => void) | null = null;
  private watched: string | null = null;
  private player: string | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: TournamentLinkOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.wake);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.wake);
    this.watch(null);
    this.ws?.close();
    this.ws = null;
  }

  /**
   * Shows `id` (null: none), read now and again every REFRESH_MS while the page is visible; with `player`,
   * his rating changes come too (his page).
   */
  watch(id: string | null, player?: string): void {
    this.player = player;
    clearInterval(this.timer);
    this.timer = undefined;
    if (id !== this.watched) {
      this.view = null;
      this.problem = null;
    }
    this.watched = id;
    if (id === null) return;
    void this.refresh();
    this.timer = setInterval(() => {
      if (document.visibilityState === 'visible') void this.refresh();
    }, this.options.refreshMs ?? REFRESH_MS);
  }

  async refresh(): Promise<void> {
    const id = this.watched;
    if (id === null) return;
    try {
      await this.request({
        action: 'tournamentRead',
        tournamentId: id,
        ...(this.player === undefined ? {} : { player: this.player }),
      });
    } catch {
      // Said by `problem`; the next refresh tries again.
    }
  }

  /** Makes a tournament; its reply's secrets are the caller's to keep. */
  async create(frame: Extract<TournamentFrame, { action: 'tournamentCreate' }>): Promise<Created> {
    const frames = await this.request(frame);
    const created = frames.find((f): f is Created => f.type === 'tournamentCreated');
    if (created === undefined) throw new SocketError('internal', 'unexpected reply');
    return created;
  }

  swap(frame: Extract<TournamentFrame, { action: 'tournamentSwap' }>): Promise<unknown> {
    return this.request(frame);
  }

  private request(frame: TournamentFrame): Promise<ServerFrame[]> {
    const next = this.queue.then(() => this.exchange(frame));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async exchange(frame: TournamentFrame): Promise<ServerFrame[]> {
    const ws = await this.socket();
    const frames: ServerFrame[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.answer = null;
        ws.close();
        reject(this.fail('network', 'the server did not answer'));
      }, REQUEST_TIMEOUT_MS);
      this.answer = (f) => {
        frames.push(f);
        if (f.type !== 'tournament' && f.type !== 'error') return;
        clearTimeout(timer);
        this.answer = null;
        if (f.type === 'error') reject(this.fail(f.code, f.message));
        else {
          if (f.tournament.id === this.watched || frame.action !== 'tournamentRead') this.view = f.tournament;
          this.problem = null;
          this.host.requestUpdate();
          resolve();
        }
      };
      ws.send(JSON.stringify(frame));
    });
    return frames;
  }

  private fail(code: string, message: string): SocketError {
    this.problem = { code, message };
    this.host.requestUpdate();
    return new SocketError(code, message);
  }

  private socket(): Promise<WebSocket> {
    const open = this.ws;
    if (open !== null && open.readyState === WebSocket.OPEN) return Promise.resolve(open);
    return this.options.url().then(
      (url) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          this.ws = ws;
          ws.addEventListener('message', (e) => {
            try {
              this.answer?.(JSON.parse(String(e.data)) as ServerFrame);
            } catch {
              // Not a frame of ours: nothing waits for it.
            }
          });
          let opened = false;
          ws.addEventListener(
            'open',
            () => {
              opened = true;
              resolve(ws);
            },
            { once: true },
          );
          // A socket closed after it served (the gateway's idle limit) is opened again by the next request.
          ws.addEventListener(
            'close',
            () => {
              if (this.ws === ws) this.ws = null;
              if (!opened) reject(this.fail('network', 'could not reach the server'));
            },
            { once: true },
          );
        }),
    );
  }

  private readonly wake = () => {
    if (document.visibilityState === 'visible') void this.refresh();
  };
}
