import { describe, expect, it } from 'vitest';
import {
  deviceKey,
  forgetSession,
  loadSession,
  MemoryStore,
  noteStatus,
  recentGames,
  type Session,
  saveSession,
  sessionsOf,
} from '../../web/src/logic/sessions.js';

const DAY = 24 * 3600 * 1000;
const session = (gameId: string, savedAt: number): Session => ({
  gameId,
  token: `token-of-${gameId}-0123456789`,
  kind: 'seat',
  seat: 3,
  code: 'ABCD',
  name: 'Ann',
  savedAt,
  status: 'lobby',
});

describe('sessions kept per game', () => {
  it('stores and reads back a token per game', () => {
    const store = new MemoryStore();
    saveSession(store, session('g1', 1));
    saveSession(store, { ...session('g2', 2), kind: 'host', seat: null });
    expect(loadSession(store, 'g1')?.token).toBe('token-of-g1-0123456789');
    expect(loadSession(store, 'g2')).toMatchObject({ kind: 'host', seat: null });
    expect(loadSession(store, 'g3')).toBeNull();
    forgetSession(store, { gameId: 'g1', kind: 'seat' });
    expect(loadSession(store, 'g1')).toBeNull();
  });

  it('given a host who also plays, when both sessions are saved, then neither overwrites the other', () => {
    const store = new MemoryStore();
    const host = { ...session('g1', 1), kind: 'host' as const, seat: null, token: 'host-token-0123456789' };
    saveSession(store, host);
    saveSession(store, session('g1', 2));
    expect(sessionsOf(store, 'g1').map((s) => s.kind)).toEqual(['host', 'seat']);
    expect(loadSession(store, 'g1')?.kind).toBe('host');
    expect(loadSession(store, 'g1', 'seat')?.token).toBe('token-of-g1-0123456789');
    expect(loadSession(store, 'g1', 'host')?.token).toBe('host-token-0123456789');
    forgetSession(store, { gameId: 'g1', kind: 'seat' });
    expect(sessionsOf(store, 'g1').map((s) => s.kind)).toEqual(['host']);
  });

  it("given a spectator's session, when the phone comes back, then it watches on, listed after the places that play", () => {
    const store = new MemoryStore();
    const watching = {
      ...session('g1', 5),
      kind: 'spectator' as const,
      seat: null,
      name: '',
      token: 'watch-0123456789',
    };
    saveSession(store, watching);
    expect(loadSession(store, 'g1')).toEqual(watching);
    saveSession(store, { ...session('g1', 6), kind: 'host', seat: null });
    expect(sessionsOf(store, 'g1').map((s) => s.kind)).toEqual(['host', 'spectator']);
    expect(recentGames(store, 10)[0].sessions.map((s) => s.kind)).toEqual(['host', 'spectator']);
    expect(loadSession(store, 'g1', 'spectator')?.token).toBe('watch-0123456789');
  });

  it('given a session stored the old way (one per game), then it is still found', () => {
    const store = new MemoryStore();
    store.setItem('sc.game.g1', JSON.stringify({ ...session('g1', 1), status: undefined }));
    expect(loadSession(store, 'g1')).toMatchObject({ kind: 'seat', status: 'lobby' });
    forgetSession(store, { gameId: 'g1', kind: 'seat' });
    expect(loadSession(store, 'g1')).toBeNull();
  });

  it('ignores what is not a session', () => {
    const store = new MemoryStore();
    store.setItem('sc.game.bad', '{not json');
    store.setItem('sc.game.worse', JSON.stringify({ gameId: 'worse', token: 'x', kind: 'king' }));
    expect(loadSession(store, 'bad')).toBeNull();
    expect(loadSession(store, 'worse')).toBeNull();
  });

  it('lists recent games newest first, each once with its roles and status, and forgets week-old ones', () => {
    const store = new MemoryStore();
    const now = 10 * DAY;
    saveSession(store, session('old', now - 8 * DAY));
    saveSession(store, session('a', now - DAY));
    saveSession(store, { ...session('b', now - 1000), status: 'finished' });
    saveSession(store, { ...session('b', now - 2000), kind: 'host', seat: null, status: 'running' });
    store.setItem('sc.locale', 'fr');
    const games = recentGames(store, now);
    expect(games.map((g) => g.gameId)).toEqual(['b', 'a']);
    expect(games[0]?.sessions.map((s) => s.kind)).toEqual(['host', 'seat']);
    expect(games[0]?.status).toBe('finished');
    expect(loadSession(store, 'old')).toBeNull();
    expect(store.getItem('sc.locale')).toBe('fr');
  });

  it('notes a new status once, and keeps the rest of the session', () => {
    const store = new MemoryStore();
    const s = session('g1', 5);
    saveSession(store, s);
    const running = noteStatus(store, s, 'running');
    expect(loadSession(store, 'g1')).toEqual({ ...s, status: 'running' });
    expect(noteStatus(store, running, 'running')).toBe(running);
  });
});

describe('the device key', () => {
  it('is made once and kept', () => {
    const store = new MemoryStore();
    let made = 0;
    const random = () => `key-${++made}-0123456789abcdef`;
    const first = deviceKey(store, random);
    expect(deviceKey(store, random)).toBe(first);
    expect(made).toBe(1);
  });
});
