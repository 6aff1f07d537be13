import type { Place } from '../../../functions/ports/directory.js';
import type { GameView, ServerFrame } from '../../../shared/index.js';
import { type Following, follow, following } from '../../../web/src/logic/frames.js';
import type { Post } from '../fake-apigw-management.js';
import type { AwsCloud } from './cloud.js';
import type { Rng } from './table-driver.js';

/** API Gateway closes every WebSocket two hours after it opened. */
const MAX_CONNECTION_MS = 2 * 3600_000;
/** A phone pings as often as the PWA's socket does (PING_MS in web/src/controllers/game-socket.ts). */
export const PING_MS = 5 * 60_000;

/** A phone of the table: one seat (or the host), on one socket at a time, keeping the newest view it got. */
export class SeatedClient {
  connectionId: string;
  token = '';
  /** The room's code, for the host. */
  code = '';
  open = true;
  openedAt: number;
  /** When it last pinged on its socket. */
  pingedAt: number;
  /** What it holds of its game, followed frame by frame as the PWA's socket does. */
  held: Following = following('');
  /** Every phase id a view it received showed, over all its sockets. */
  readonly phasesSeen = new Set<string>();
  /** It saw a gap in its frames and asks for its view again. */
  wantsSync = false;
  /** Refusals and errors it was sent, for a failing run to show. */
  readonly refused: string[] = [];
  private sockets = 1;

  constructor(
    readonly name: string,
    public place: Place,
    public gameId: string,
    openedAt: number,
  ) {
    this.connectionId = `${name}-1`;
    this.openedAt = openedAt;
    this.pingedAt = openedAt;
  }

  take(frame: ServerFrame): void {
    if (frame.type === 'created')
      [this.gameId, this.token, this.code] = [frame.gameId, frame.hostToken, frame.code];
    if (frame.type === 'joined')
      [this.gameId, this.token, this.place] = [frame.gameId, frame.token, frame.seat];
    if (frame.type === 'rejected' || frame.type === 'error') this.refused.push(JSON.stringify(frame));
    if (this.held.gameId !== this.gameId) this.held = following(this.gameId);
    if (frame.type === 'view') this.phasesSeen.add(frame.view.phase.id);
    // As the PWA does: a frame that shows one was missed (a gap in the chat, a pong ahead) asks for `sync`.
    const step = follow(this.held, frame, false);
    this.held = step.held;
    if (step.sync) this.wantsSync = true;
  }

  /** The view it holds and its version. */
  get latest(): { version: number; view: GameView } | null {
    return this.held.view === null ? null : { version: this.held.viewVersion, view: this.held.view };
  }

  /** A new socket, as the app opens after its old one closed. */
  reopen(now: number): void {
    this.sockets++;
    this.connectionId = `${this.name}-${this.sockets}`;
    this.open = true;
    this.openedAt = now;
    this.pingedAt = now;
  }
}

/**
 * Every phone of the run, reached through the fake management API: a post to an open socket is
 * delivered (unless API Gateway throttles or fails it: the function retries), a post to a closed one is 410.
 * Now and then a socket drops; its phone comes back on a new one with `resume`, as the PWA does.
 */
export class Phones {
  private readonly byConnection = new Map<string, SeatedClient>();
  private readonly closed: SeatedClient[] = [];
  /** Sockets whose $disconnect ran. */
  private readonly told = new Set<string>();
  faulty = false;

  constructor(
    private readonly cloud: AwsCloud,
    private readonly rng: Rng,
  ) {
    cloud.sockets.answerBy = (connectionId) => this.answer(connectionId);
    cloud.sockets.onPost = (post) => this.deliver(post);
  }

  add(client: SeatedClient): SeatedClient {
    this.byConnection.set(client.connectionId, client);
    return client;
  }

  private answer(connectionId: string): number | undefined {
    const client = this.byConnection.get(connectionId);
    if (client === undefined || !client.open) return 410;
    if (!this.faulty) return undefined;
    const { dropSocket, throttle, serverError } = this.cloud.faults;
    const r = this.rng();
    if (r < dropSocket) {
      this.close(client);
      return 410;
    }
    if (r < dropSocket + throttle) return 429;
    if (r < dropSocket + throttle + serverError) return 500;
    return undefined;
  }

  private deliver(post: Post): void {
    if (post.status !== 200) return;
    this.byConnection.get(post.connectionId)?.take(JSON.parse(post.body) as ServerFrame);
  }

  private close(client: SeatedClient): void {
    if (!client.open) return;
    client.open = false;
    this.closed.push(client);
  }

  /** Each open phone pings when its interval is up, as the PWA keeps its socket open; a pong may call for `sync`. */
  async ping(now: number): Promise<void> {
    const due = [...this.byConnection.values()].filter((c) => c.open && now - c.pingedAt >= PING_MS);
    for (const c of due) c.pingedAt = now;
    await Promise.all(due.map((c) => this.cloud.message(c.connectionId, { action: 'ping' })));
  }

  /** Each open phone that saw a gap asks for `sync`, and gets its view again. */
  async sync(): Promise<void> {
    const behind = [...this.byConnection.values()].filter((c) => c.open && c.wantsSync);
    for (const c of behind) c.wantsSync = false;
    await Promise.all(behind.map((c) => this.cloud.message(c.connectionId, { action: 'sync' })));
  }

  /** Sockets older than API Gateway keeps any are closed. */
  age(now: number): void {
    for (const client of this.byConnection.values())
      if (client.open && now - client.openedAt >= MAX_CONNECTION_MS) this.close(client);
  }

  /** API Gateway runs $disconnect for each socket that closed; most closed phones come back at once, as the PWA does. */
  async heal(): Promise<void> {
    const unknown = this.closed.filter((c) => !this.told.has(c.connectionId));
    await Promise.all(unknown.map((c) => this.cloud.disconnect(c.connectionId)));
    for (const c of unknown) this.told.add(c.connectionId);
    const back = this.closed.filter(() => this.rng() < 0.8);
    this.closed.splice(0, this.closed.length, ...this.closed.filter((c) => !back.includes(c)));
    await Promise.all(
      back.map(async (client) => {
        this.byConnection.delete(client.connectionId);
        client.reopen(this.cloud.now);
        this.byConnection.set(client.connectionId, client);
        await this.cloud.message(client.connectionId, {
          action: 'resume',
          gameId: client.gameId,
          token: client.token,
        });
      }),
    );
  }
}
