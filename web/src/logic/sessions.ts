import type { Seat } from '../../../shared/domain/vocabulary.js';

export type SessionKind = 'host' | 'seat' | 'spectator';

/** The places a phone may hold in one game, in the order they are offered: the host's desk first. */
const KINDS: readonly SessionKind[] = ['host', 'seat', 'spectator'];

/** Where the game stood when this phone last saw it: the home screen lists it so. */
export type SessionStatus = 'lobby' | 'running' | 'finished';

/**
 * What a phone keeps to come back to a game: its token binds a new connection to the same seat. A phone
 * may hold two for one game: the host's and, when he plays too, his own seat's. A spectator's token brings
 * him back to watching, and to nothing more.
 */
export interface Session {
  gameId: string;
  token: string;
  kind: SessionKind;
  seat: Seat | null;
  code: string;
  name: string;
  /** ms since epoch, when the phone entered the game; the newest games are offered first. */
  savedAt: number;
  status: SessionStatus;
}

/** The part of the Web Storage API sessions need (localStorage in the app, a Map in tests). */
export interface KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'sc.game.';
const DEVICE_KEY = 'sc.device';

/** Games older than this are forgotten: their tokens are of no use after the evening they were played. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

/** Each session under its own key: the host's never overwrites the seat's on the same phone. */
const keyOf = (gameId: string, kind: SessionKind) => `${PREFIX}${gameId}.${kind}`;

export function saveSession(store: KeyValueStore, session: Session): void {
  store.setItem(keyOf(session.gameId, session.kind), JSON.stringify(session));
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session>;
    if (typeof s.gameId !== 'string' || typeof s.token !== 'string') return null;
    const kind = KINDS.find((k) => k === s.kind);
    if (kind === undefined) return null;
    return {
      gameId: s.gameId,
      token: s.token,
      kind,
      seat: typeof s.seat === 'number' ? s.seat : null,
      code: typeof s.code === 'string' ? s.code : '',
      name: typeof s.name === 'string' ? s.name : '',
      savedAt: typeof s.savedAt === 'number' ? s.savedAt : 0,
      status: s.status === 'running' || s.status === 'finished' ? s.status : 'lobby',
    };
  } catch {
    return null;
  }
}

/** Every session the phone holds for a game: the host's first. Older phones kept one per game, unsuffixed. */
export function sessionsOf(store: KeyValueStore, gameId: string): Session[] {
  const found = [...KINDS.map((kind) => keyOf(gameId, kind)), PREFIX + gameId]
    .map((key) => parse(store.getItem(key)))
    .filter((s): s is Session => s !== null && s.gameId === gameId);
  return KINDS.map((kind) => found.find((s) => s.kind === kind)).filter((s): s is Session => s !== undefined);
}

/** The session to open a game with: the one asked for, else the host's, else the seat's. */
export function loadSession(store: KeyValueStore, gameId: string, kind?: SessionKind): Session | null {
  const held = sessionsOf(store, gameId);
  return (kind ? held.find((s) => s.kind === kind) : held[0]) ?? null;
}

export function forgetSession(store: KeyValueStore, session: Pick<Session, 'gameId' | 'kind'>): void {
  store.removeItem(keyOf(session.gameId, session.kind));
  const legacy = parse(store.getItem(PREFIX + session.gameId));
  if (legacy?.kind === session.kind) store.removeItem(PREFIX + session.gameId);
}

/** Records where the game stands now, if that changed (the home screen's list shows it). */
export function noteStatus(store: KeyValueStore, session: Session, status: SessionStatus): Session {
  if (session.status === status) return session;
  const next = { ...session, status };
  saveSession(store, next);
  return next;
}

/** A game this phone holds, with every role it holds in it. */
export interface HeldGame {
  gameId: string;
  code: string;
  savedAt: number;
  status: SessionStatus;
  sessions: Session[];
}

/** Games still worth offering, newest first; expired sessions are removed on the way. */
export function recentGames(store: KeyValueStore, now: number): HeldGame[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  const games = new Map<string, HeldGame>();
  for (const key of keys) {
    const s = parse(store.getItem(key));
    if (!s || now - s.savedAt > KEEP_MS) {
      store.removeItem(key);
      continue;
    }
    const game = games.get(s.gameId);
    if (!game) {
      games.set(s.gameId, {
        gameId: s.gameId,
        code: s.code,
        savedAt: s.savedAt,
        status: s.status,
        sessions: [s],
      });
      continue;
    }
    if (game.sessions.some((x) => x.kind === s.kind)) continue;
    game.sessions.push(s);
    game.sessions.sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
    game.savedAt = Math.max(game.savedAt, s.savedAt);
    // The phone that saw the game furthest knows best where it stands.
    if (STATUS_ORDER.indexOf(s.status) > STATUS_ORDER.indexOf(game.status)) game.status = s.status;
  }
  return [...games.values()].sort((a, b) => b.savedAt - a.savedAt);
}

const STATUS_ORDER: readonly SessionStatus[] = ['lobby', 'running', 'finished'];

/**
 * The phone's own random key, made once and sent with every join: the server gives a phone that already
 * sits at a table its seat back instead of a second one.
 */
export function deviceKey(store: KeyValueStore, random: () => string): string {
  const held = store.getItem(DEVICE_KEY);
  if (held && held.length >= 16) return held;
  const made = random();
  store.setItem(DEVICE_KEY, made);
  return made;
}

/** A store in memory: for tests, and for browsers where localStorage is blocked. */
export class MemoryStore implements KeyValueStore {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}
