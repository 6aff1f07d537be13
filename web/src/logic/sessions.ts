import type { Seat } from '../../../shared/domain/vocabulary.js';

/** What a phone keeps to come back to a game: its token binds a new connection to the same seat. */
export interface Session {
  gameId: string;
  token: string;
  kind: 'host' | 'seat';
  seat: Seat | null;
  code: string;
  name: string;
  /** ms since epoch; the newest sessions are offered first on the home screen. */
  savedAt: number;
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

/** Games older than this are forgotten: their tokens are of no use after the evening they were played. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

export function saveSession(store: KeyValueStore, session: Session): void {
  store.setItem(PREFIX + session.gameId, JSON.stringify(session));
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session>;
    if (typeof s.gameId !== 'string' || typeof s.token !== 'string') return null;
    if (s.kind !== 'host' && s.kind !== 'seat') return null;
    return {
      gameId: s.gameId,
      token: s.token,
      kind: s.kind,
      seat: typeof s.seat === 'number' ? s.seat : null,
      code: typeof s.code === 'string' ? s.code : '',
      name: typeof s.name === 'string' ? s.name : '',
      savedAt: typeof s.savedAt === 'number' ? s.savedAt : 0,
    };
  } catch {
    return null;
  }
}

export function loadSession(store: KeyValueStore, gameId: string): Session | null {
  return parse(store.getItem(PREFIX + gameId));
}

export function forgetSession(store: KeyValueStore, gameId: string): void {
  store.removeItem(PREFIX + gameId);
}

/** Sessions still worth offering, newest first; expired ones are removed on the way. */
export function recentSessions(store: KeyValueStore, now: number): Session[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  const found: Session[] = [];
  for (const key of keys) {
    const s = parse(store.getItem(key));
    if (!s || now - s.savedAt > KEEP_MS) store.removeItem(key);
    else found.push(s);
  }
  return found.sort((a, b) => b.savedAt - a.savedAt);
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
