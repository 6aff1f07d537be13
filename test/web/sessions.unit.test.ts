import { describe, expect, it } from 'vitest';
import {
  forgetSession,
  loadSession,
  MemoryStore,
  recentSessions,
  type Session,
  saveSession,
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
});

describe('sessions kept per game', () => {
  it('stores and reads back a token per game', () => {
    const store = new MemoryStore();
    saveSession(store, session('g1', 1));
    saveSession(store, { ...session('g2', 2), kind: 'host', seat: null });
    expect(loadSession(store, 'g1')?.token).toBe('token-of-g1-0123456789');
    expect(loadSession(store, 'g2')).toMatchObject({ kind: 'host', seat: null });
    expect(loadSession(store, 'g3')).toBeNull();
    forgetSession(store, 'g1');
    expect(loadSession(store, 'g1')).toBeNull();
  });

  it('ignores what is not a session', () => {
    const store = new MemoryStore();
    store.setItem('sc.game.bad', '{not json');
    store.setItem('sc.game.worse', JSON.stringify({ gameId: 'worse', token: 'x', kind: 'king' }));
    expect(loadSession(store, 'bad')).toBeNull();
    expect(loadSession(store, 'worse')).toBeNull();
  });

  it('lists recent games newest first and forgets week-old ones', () => {
    const store = new MemoryStore();
    const now = 10 * DAY;
    saveSession(store, session('old', now - 8 * DAY));
    saveSession(store, session('a', now - DAY));
    saveSession(store, session('b', now - 1000));
    store.setItem('sc.locale', 'fr');
    expect(recentSessions(store, now).map((s) => s.gameId)).toEqual(['b', 'a']);
    expect(loadSession(store, 'old')).toBeNull();
    expect(store.getItem('sc.locale')).toBe('fr');
  });
});
