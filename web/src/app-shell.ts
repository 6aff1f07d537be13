import { provide } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { GameView } from '../../shared/views/types.js';
import './components/audience-count.js';
import './components/connection-banner.js';
import './components/language-picker.js';
import './components/signal-toggle.js';
import './components/toast-stack.js';
import { PRESET_IDS } from '../../shared/rules/settings.js';
import type { Toast } from './components/toast-stack.js';
import { socketUrl } from './config.js';
import { emptyRoom, type RoomState, roomContext } from './context/room-context.js';
import { type Signalling, signallingContext } from './context/signalling-context.js';
import { GameSocket, SocketError } from './controllers/game-socket.js';
import { Signals } from './controllers/signals.js';
import { WakeLock } from './controllers/wake-lock.js';
import type {
  CommandEvent,
  CreateDetail,
  JoinDetail,
  OpenTableDetail,
  PushEvent,
  ThreadEvent,
} from './events.js';
import { chooseLocale, getLocale, type Locale } from './i18n/localization.js';
import { phaseTitle } from './i18n/names.js';
import { problemText } from './i18n/problems.js';
import { type DealChoice, rememberDeal, rememberedDeal } from './logic/deal.js';
import { lastTimers, rememberTimers } from './logic/last-timers.js';
import { isNight, screenKey, screenOf } from './logic/screen.js';
import {
  forgetSession,
  type KeyValueStore,
  loadSession,
  MemoryStore,
  recentGames,
  type Session,
  sessionsOf,
} from './logic/sessions.js';
import { defaultsOf } from './logic/settings-fields.js';
import { videoRooms } from './logic/video-rooms.js';
import './pages/game-page.js';
import './pages/home-page.js';
import './pages/host-page.js';
import './pages/lobby-page.js';
import './pages/sheet-page.js';
import './pages/watch-page.js';
import { hrefOf, parseRoute, type Route } from './router.js';
import { shared } from './styles/shared.js';

const TOAST_MS = 4000;
const NAME_KEY = 'sc.name';

function storage(): KeyValueStore {
  try {
    localStorage.setItem('sc.probe', '1');
    localStorage.removeItem('sc.probe');
    return localStorage;
  } catch {
    return new MemoryStore();
  }
}

/**
 * The app: routes between screens, owns the room's socket and the wake lock, provides the room to every
 * page through context, and turns the pages' events into frames.
 */
@localized()
@customElement('sc-app')
export class AppShell extends LitElement {
  @state() private route: Route = parseRoute(location.hash, location.search);
  @state() private toasts: Toast[] = [];
  @state() private busy = false;
  /** The code of a room that took no player just now: its game may be under way, and can be watched. */
  @state() private watchOffer: string | null = null;
  @state() private locale: Locale = getLocale() as Locale;

  @provide({ context: roomContext })
  @state()
  private room: RoomState = { ...emptyRoom, online: navigator.onLine };

  private readonly store = storage();
  private toastId = 0;
  /** The rematch this phone already follows (it joins the new room once). */
  private following: string | null = null;
  /** A leave is under way: the seat's end is expected, not a loss to report. */
  private leaving = false;
  private shownScreen = '';
  private readonly wakeLock = new WakeLock(this);
  private readonly signals = new Signals(this, this.store);
  @state() private muted = this.signals.muted;
  private readonly socket = new GameSocket(this, {
    url: socketUrl,
    store: this.store,
    onChange: () => this.sync(),
    onProblem: (code, message) => this.toast(problemText(code, message)),
    onLost: (session) => this.onLost(session),
  });
  /** The socket is also the video table's signalling channel. */
  @provide({ context: signallingContext })
  readonly signalling: Signalling = this.socket;

  static override styles = [
    shared,
    css`
      :host {
        min-height: 100vh;
        min-height: 100dvh;
        display: flex;
        flex-direction: column;
      }
      header {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem;
        padding: 0.4rem 1rem;
        border-bottom: 1px solid var(--line);
      }
      .brand {
        color: var(--fg);
        text-decoration: none;
        font-weight: 800;
        display: flex;
        align-items: center;
        gap: 0.4rem;
        min-height: 44px;
      }
      .brand svg {
        width: 24px;
        height: 24px;
      }
      main {
        flex: 1 1 auto;
        width: 100%;
        max-width: 560px;
        margin: 0 auto;
        padding: 0 1rem 1rem;
      }
      main > :first-child:not(sc-game-page):not(sc-host-page):not(.roles) {
        margin-top: 1rem;
      }
      /* A host who plays holds two places in one room: his desk and his seat, one tap apart. */
      .roles {
        display: flex;
        gap: 0.5rem;
        margin: 0.5rem 0;
      }
      .roles a {
        flex: 1 1 0;
      }
      .roles a[aria-current='page'] {
        background: var(--accent);
        color: var(--on-accent);
      }
      .unsent {
        text-align: center;
        font-weight: 600;
        margin: 0.25rem 0;
      }
      .again {
        width: 100%;
        margin: 0.5rem 0;
      }
      @media print {
        header,
        sc-connection-banner {
          display: none;
        }
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onRoute);
    window.addEventListener('online', this.onNetwork);
    window.addEventListener('offline', this.onNetwork);
    this.addEventListener('sc-command', this.onCommand);
    this.addEventListener('sc-create', this.onCreate);
    this.addEventListener('sc-join', this.onJoin);
    this.addEventListener('sc-open-table', this.onOpenTable);
    this.addEventListener('sc-watch', this.onWatch);
    this.addEventListener('sc-locale', this.onLocale);
    this.addEventListener('sc-seat-guest', this.onGuest);
    this.addEventListener('sc-thread', this.onThread);
    this.addEventListener('sc-push', this.onPush);
    this.addEventListener('sc-leave', this.onLeave);
    this.addEventListener('sc-mute', this.onMute);
    this.addEventListener('sc-deal', this.onDeal);
    this.enter(this.route);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onRoute);
    window.removeEventListener('online', this.onNetwork);
    window.removeEventListener('offline', this.onNetwork);
  }

  override render() {
    return html`<header>
        <a class="brand" href="#/" aria-label=${msg('Sleeping City: home', { id: 'nav.brand' })}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M15 2a10 10 0 1 0 7 17A8 8 0 0 1 15 2z" /></svg>
          <span>Sleeping City</span>
        </a>
        <span class="row">
          <sc-audience-count .count=${this.route.page === 'room' ? this.room.audience : 0}></sc-audience-count>
          <sc-signal-toggle .muted=${this.muted}></sc-signal-toggle>
          <sc-language-picker .locale=${this.locale}></sc-language-picker>
        </span>
      </header>
      <sc-connection-banner .status=${this.room.status} .online=${this.room.online}></sc-connection-banner>
      ${this.unsentNote()}
      <main>${this.roles()}${this.rematchBar()}${this.page()}</main>
      <sc-toast-stack .toasts=${this.toasts}></sc-toast-stack>`;
  }

  protected override updated(): void {
    const key = screenKey(this.route.page, this.room.view);
    if (key === this.shownScreen) return;
    this.shownScreen = key;
    window.scrollTo(0, 0);
  }

  private page() {
    const r = this.route;
    if (r.page === 'home') {
      return html`<sc-home-page
        .code=${r.code}
        .name=${this.savedName()}
        .recent=${recentGames(this.store, Date.now())}
        .lastTimers=${lastTimers(this.store, PRESET_IDS, defaultsOf)}
        .busy=${this.busy}
        .watchOffer=${this.watchOffer}
      ></sc-home-page>`;
    }
    // Loaded when first shown (a module loads once): most phones never see a tournament.
    if (r.page === 'tournament') {
      void import('./pages/tournament-page.js');
      return html`<sc-tournament-page
        .route=${r}
        .store=${this.store}
        .name=${this.savedName()}
        .busy=${this.busy}
      ></sc-tournament-page>`;
    }
    if (r.page === 'replay') {
      // The log is read over HTTP with a token: the link's, else this phone's own seat in that game.
      const session = r.gameId === null ? null : loadSession(this.store, r.gameId);
      return html`<sc-replay-page
        .route=${r}
        .token=${r.key ?? session?.token ?? null}
        ?host=${session?.kind === 'host'}
      ></sc-replay-page>`;
    }
    const view = this.room.view;
    if (!this.room.session) {
      return html`<section class="card">
        <h1>${msg('This phone is not in that game', { id: 'room.notIn' })}</h1>
        <p>${msg('Join it with its code from the home screen.', { id: 'room.joinHint' })}</p>
        <a class="button primary" href="#/">${msg('Home', { id: 'nav.home' })}</a>
      </section>`;
    }
    if (!view) {
      return html`<p class="card" role="status">${msg('Opening the game…', { id: 'room.opening' })}</p>`;
    }
    if (r.page === 'sheet') return html`<sc-sheet-page></sc-sheet-page>`;
    switch (screenOf(view)) {
      case 'lobby':
        return html`<sc-lobby-page
          .deal=${rememberedDeal(this.store, this.room.session.gameId, view.settings.dealing)}
        ></sc-lobby-page>`;
      case 'host':
        return html`<sc-host-page></sc-host-page>`;
      case 'play':
        return html`<sc-game-page></sc-game-page>`;
      case 'watch':
        return html`<sc-watch-page></sc-watch-page>`;
    }
  }

  /** The desk and the seat of a host who plays, when this phone holds both for the room. */
  private roles() {
    const r = this.route;
    if (r.page !== 'room') return '';
    const held = sessionsOf(this.store, r.gameId).filter((s) => s.kind !== 'spectator');
    if (held.length < 2) return '';
    const current = this.room.session?.kind;
    const link = (kind: Session['kind'], label: string) =>
      html`<a
        class="button"
        href=${hrefOf({ page: 'room', gameId: r.gameId, as: kind })}
        aria-current=${current === kind ? 'page' : 'false'}
        >${label}</a
      >`;
    return html`<nav class="roles" aria-label=${msg('Your places in this room', { id: 'room.roles' })}>
      ${link('host', msg('Host’s desk', { id: 'room.desk' }))} ${link('seat', msg('My seat', { id: 'room.seat' }))}
    </nav>`;
  }

  /** Moves sent while the connection is down wait, and say so, until the server takes or refuses them. */
  private unsentNote() {
    const waiting = this.socket.unsent;
    if (waiting === 0 || (this.room.status === 'open' && this.room.online)) return '';
    return html`<p class="unsent" role="status">${msg('Waiting to send…', { id: 'room.unsent' })}</p>`;
  }

  /** After the game: the host opens a rematch in one tap; every other phone follows on its own. */
  private rematchBar() {
    const view = this.room.view;
    if (this.route.page === 'replay' && view?.rematch && this.room.session?.kind === 'seat') {
      const session = this.room.session;
      const rematch = view.rematch;
      const { code } = rematch;
      return html`<div class="card" role="status">
        <p>${msg(str`The table plays again in room ${code}.`, { id: 'room.rematchHeard' })}</p>
        <button class="primary" ?disabled=${this.busy} @click=${() => {
          this.following = rematch.gameId;
          void this.follow(session, rematch);
        }}>
          ${msg('Join the new game', { id: 'room.rematchJoin' })}
        </button>
      </div>`;
    }
    if (this.route.page !== 'room' || !view?.over) return '';
    if (view.rematch) {
      return html`<p class="card" role="status">${msg('The table plays again: joining the new game…', { id: 'room.following' })}</p>`;
    }
    if (view.viewer !== 'host') return '';
    return html`<button class="primary again" ?disabled=${this.busy} @click=${this.onRematch}>
      ${msg('Play again: same players, seats and settings', { id: 'room.rematch' })}
    </button>`;
  }

  /** Copies the socket's state into the context value (a new object, so consumers update). */
  private sync(): void {
    const s = this.socket;
    this.room = {
      session: s.session,
      view: s.view,
      version: s.version,
      chat: s.chat,
      heldChat: s.heldChat,
      unsentChat: s.unsentChat,
      status: s.status,
      online: this.room.online,
      audience: s.audience?.count ?? 0,
    };
    this.reflect(s.view);
    this.followWatch(s.session);
    const rematch = s.view?.rematch;
    // A phone reading the replay is told and joins by his own tap (rematchBar); at the table it follows.
    const atTable = this.route.page === 'room';
    if (atTable && rematch && s.session?.kind === 'seat' && this.following !== rematch.gameId) {
      this.following = rematch.gameId;
      void this.follow(s.session, rematch);
    }
  }

  /**
   * The table plays again: this seat joins the new room with the phone's device key, which gives it the
   * seat it had, and sits at the new room's video table if it sat at this one. A host who plays has his desk
   * moved by his own tap; his seat follows the same way.
   */
  private async follow(from: Session, { gameId, code }: { gameId: string; code: string }): Promise<void> {
    videoRooms.carry(from.gameId, gameId);
    const name = this.room.view?.seats.find((x) => x.seat === from.seat)?.name ?? from.name;
    const host = loadSession(this.store, from.gameId, 'host');
    await this.enterRoom(() => this.socket.join(code, name), name, host ? 'seat' : undefined);
  }

  /** A spectator invited to the rematch watches it now: the route follows his session to the new game. */
  private followWatch(session: Session | null): void {
    const r = this.route;
    if (session?.kind !== 'spectator' || r.page !== 'room' || r.gameId === session.gameId) return;
    if (r.as !== undefined && r.as !== 'spectator') return;
    const route: Route = { page: 'room', gameId: session.gameId, as: 'spectator' };
    this.route = route;
    history.replaceState(null, '', `${location.pathname}${hrefOf(route)}`);
  }

  /** The page around the app follows the game: night theme, title, and the screen kept awake. */
  private reflect(view: GameView | null): void {
    const night = isNight(view);
    document.documentElement.dataset.theme = night ? 'night' : 'day';
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
    this.wakeLock.active = view !== null && view.phase.kind !== 'lobby' && !view.over;
    this.signals.viewChanged(view);
    document.title = view ? `${phaseTitle(view.phase)} · Sleeping City` : 'Sleeping City';
  }

  private enter(route: Route): void {
    if (route.page === 'replay') {
      // The replay viewer (and the engine it folds with) loads only when a replay is opened. A phone that
      // sat at that game stays connected to it, so it hears of a rematch while it reads.
      void import('./pages/replay-page.js');
      const held = route.gameId === null ? null : loadSession(this.store, route.gameId);
      if (held) this.socket.open(held);
      else this.socket.close();
      this.sync();
      return;
    }
    if (route.page === 'home' || route.page === 'tournament') {
      this.socket.close();
      this.sync();
      return;
    }
    const session = loadSession(this.store, route.gameId, route.page === 'room' ? route.as : undefined);
    if (!session) {
      this.socket.close();
      this.sync();
      return;
    }
    this.socket.open(session);
    this.sync();
  }

  private readonly onRoute = () => {
    const next = parseRoute(location.hash, location.search);
    const as = (r: Route) => (r.page === 'room' ? r.as : undefined);
    const same =
      next.page !== 'home' &&
      this.route.page !== 'home' &&
      next.page !== 'tournament' &&
      this.route.page !== 'tournament' &&
      (next.page === 'replay') === (this.route.page === 'replay') &&
      next.gameId === this.route.gameId &&
      (next.page !== 'room' || this.route.page !== 'room' || as(next) === as(this.route));
    this.route = next;
    if (!same) this.enter(next);
  };

  private readonly onMute = (e: CustomEvent<boolean>) => {
    e.stopPropagation();
    this.signals.muted = e.detail;
    this.muted = e.detail;
    this.signals.askToNotify();
  };

  private readonly onDeal = (e: CustomEvent<DealChoice>) => {
    const gameId = this.room.session?.gameId;
    if (gameId) rememberDeal(this.store, gameId, e.detail);
    this.requestUpdate();
  };

  private readonly onNetwork = () => {
    this.room = { ...this.room, online: navigator.onLine };
  };

  private readonly onCommand = (e: CommandEvent) => {
    e.stopPropagation();
    e.result = this.socket.send(e.detail);
  };

  /** The game a request is for: the server refuses it if the socket is in another (`wrong_game`). */
  private inGame(): { gameId?: string } {
    const gameId = this.socket.session?.gameId;
    return gameId ? { gameId } : {};
  }

  private readonly onThread = (e: ThreadEvent) => {
    e.stopPropagation();
    e.result = this.socket.ask({ action: 'thread', ...this.inGame(), ...e.detail }, 'thread');
  };

  private readonly onPush = (e: PushEvent) => {
    e.stopPropagation();
    const { subscription, serverKey } = e.detail;
    e.result = subscription
      ? this.socket
          .ask(
            {
              action: 'push',
              ...this.inGame(),
              subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
              serverKey,
            },
            'pushSaved',
          )
          .then((saved) => saved !== null)
      : this.socket.ask({ action: 'pushKey' }, 'pushKey').then((reply) => reply?.key ?? null);
  };

  private readonly onCreate = async (e: CustomEvent<CreateDetail>) => {
    e.stopPropagation();
    const { settings, name, play } = e.detail;
    rememberTimers(this.store, settings);
    await this.enterRoom(
      () =>
        play
          ? this.hostAndPlay(() => this.socket.create(settings, name))
          : this.socket.create(settings, name),
      name,
      play ? 'host' : undefined,
    );
  };

  private readonly onOpenTable = async (e: CustomEvent<OpenTableDetail>) => {
    e.stopPropagation();
    const { name, ...table } = e.detail;
    await this.enterRoom(() => this.socket.openTable(table, name), name);
  };

  /**
   * "I host and I play": the room is opened as host, then joined from this same phone for a seat; both
   * sessions are kept and the phone goes back to the desk.
   */
  private async hostAndPlay(open: () => Promise<Session>): Promise<Session> {
    const host = await open();
    await this.socket.join(host.code, host.name);
    this.socket.open(host);
    return host;
  }

  private readonly onJoin = async (e: CustomEvent<JoinDetail>) => {
    e.stopPropagation();
    this.watchOffer = null;
    const { code, name } = e.detail;
    // A room that takes no players may have its game under way: it can still be watched, and the offer
    // says so in place of "No game with that code".
    const joined = await this.enterRoom(() => this.socket.join(code, name), name, undefined, 'no_game');
    if (joined === 'no_game') this.watchOffer = code;
  };

  private readonly onWatch = async (e: CustomEvent<string>) => {
    e.stopPropagation();
    this.watchOffer = null;
    await this.enterRoom(() => this.socket.watch(e.detail), this.savedName(), 'spectator');
  };

  /** The host of a finished game opens the rematch; a host who played there takes his seat along. */
  private readonly onRematch = async () => {
    const from = this.room.session;
    if (!from) return;
    const seat = loadSession(this.store, from.gameId, 'seat');
    const rematch = () =>
      this.socket.rematch().then((next) => {
        videoRooms.carry(from.gameId, next.gameId);
        return next;
      });
    await this.enterRoom(
      () => (seat ? this.hostAndPlay(rematch) : rematch()),
      from.name,
      seat ? 'host' : undefined,
    );
  };

  /** A player leaves the lobby: his seat is freed and this phone forgets it. */
  private readonly onLeave = async (e: Event) => {
    e.stopPropagation();
    const session = this.room.session;
    if (session?.kind !== 'seat') return;
    this.leaving = true;
    await this.socket.send({ type: 'leave' });
    this.leaving = false;
    this.goElsewhere(session);
  };

  /** The token no longer opens the game (left, removed, or unknown): forget it, go to what is left. */
  private onLost(session: Session): void {
    if (this.leaving) return;
    this.toast(problemText('bad_token', ''));
    this.goElsewhere(session);
  }

  private goElsewhere(session: Session): void {
    forgetSession(this.store, session);
    const other = loadSession(this.store, session.gameId);
    location.hash = other ? hrefOf({ page: 'room', gameId: session.gameId, as: other.kind }) : '#/';
  }

  /** Opens a room; on failure, tells why (unless the caller answers that code itself) and returns the code. */
  private async enterRoom(
    open: () => Promise<{ gameId: string }>,
    name: string,
    as?: Session['kind'],
    answered?: string,
  ): Promise<string | null> {
    this.busy = true;
    this.saveName(name);
    try {
      const session = await open();
      const route: Route = as
        ? { page: 'room', gameId: session.gameId, as }
        : { page: 'room', gameId: session.gameId };
      this.route = route;
      // Replace the join link in history: "back" from the game must not join again.
      history.replaceState(null, '', `${location.pathname}${hrefOf(route)}`);
      return null;
    } catch (error) {
      const e = error instanceof SocketError ? error : new SocketError('network', String(error));
      if (e.code !== answered) this.toast(problemText(e.code, e.message));
      return e.code;
    } finally {
      this.busy = false;
    }
  }

  /** The host seats a player who has no phone of his own (an in-person table). */
  private readonly onGuest = async (e: CustomEvent<string>) => {
    e.stopPropagation();
    await this.socket.send({ type: 'seatPlayer', name: e.detail });
  };

  private readonly onLocale = async (e: CustomEvent<Locale>) => {
    e.stopPropagation();
    await chooseLocale(e.detail);
    this.locale = e.detail;
    this.reflect(this.room.view);
  };

  private toast(text: string): void {
    const id = ++this.toastId;
    this.toasts = [...this.toasts, { id, text }].slice(-3);
    setTimeout(() => {
      this.toasts = this.toasts.filter((t) => t.id !== id);
    }, TOAST_MS);
  }

  private savedName(): string {
    return this.store.getItem(NAME_KEY) ?? '';
  }

  private saveName(name: string): void {
    this.store.setItem(NAME_KEY, name);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-app': AppShell;
  }
}
