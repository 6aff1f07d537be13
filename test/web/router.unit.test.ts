import { describe, expect, it } from 'vitest';
import { joinLink, normalizeCode } from '../../web/src/logic/join-code.js';
import { hrefOf, parseRoute } from '../../web/src/router.js';

describe('routes', () => {
  it('opens home, a join link, a game and its sheet', () => {
    expect(parseRoute('', '')).toEqual({ page: 'home', code: null });
    expect(parseRoute('#/', '')).toEqual({ page: 'home', code: null });
    expect(parseRoute('#/join/ab12c', '')).toEqual({ page: 'home', code: 'AB12C' });
    expect(parseRoute('#/game/g-1', '')).toEqual({ page: 'room', gameId: 'g-1' });
    expect(parseRoute('#/game/g-1/sheet', '')).toEqual({ page: 'sheet', gameId: 'g-1' });
  });

  it('opens a room as the host or as his own seat, for a host who plays', () => {
    expect(parseRoute('#/game/g-1/desk', '')).toEqual({ page: 'room', gameId: 'g-1', as: 'host' });
    expect(parseRoute('#/game/g-1/seat', '')).toEqual({ page: 'room', gameId: 'g-1', as: 'seat' });
    expect(parseRoute('#/game/g-1/nonsense', '')).toEqual({ page: 'room', gameId: 'g-1' });
  });

  it('opens a room as a spectator, and links back to it so a reload watches on', () => {
    const route = parseRoute('#/game/g-1/watch', '');
    expect(route).toEqual({ page: 'room', gameId: 'g-1', as: 'spectator' });
    expect(hrefOf(route)).toBe('#/game/g-1/watch');
  });

  it('opens the form that makes a tournament, a tournament, and a judges’ link with its key, and links back to each', () => {
    const form = parseRoute('#/tournament', '');
    expect(form).toEqual({ page: 'tournament', id: null, key: null });
    const page = parseRoute('#/tournament/t-1', '');
    expect(page).toEqual({ page: 'tournament', id: 't-1', key: null });
    const judges = parseRoute('#/tournament/t-1?key=k_1-2', '');
    expect(judges).toEqual({ page: 'tournament', id: 't-1', key: 'k_1-2' });
    const player = parseRoute('#/tournament/t-1/player/ann%20b?key=k', '');
    expect(player).toEqual({ page: 'tournament', id: 't-1', key: 'k', player: 'ann b' });
    for (const r of [form, page, judges, player]) expect(parseRoute(hrefOf(r), '')).toEqual(r);
  });

  it('takes ?code= from printed links, and drops codes the server would refuse', () => {
    expect(parseRoute('', '?code=wxyz')).toEqual({ page: 'home', code: 'WXYZ' });
    expect(parseRoute('#/join/a!', '')).toEqual({ page: 'home', code: null });
    expect(parseRoute('', '?code=toolongcode')).toEqual({ page: 'home', code: null });
  });

  it('round-trips through hrefOf', () => {
    for (const hash of [
      '#/',
      '#/join/ABCD',
      '#/game/x%2Fy',
      '#/game/abc/sheet',
      '#/game/abc/desk',
      '#/game/abc/seat',
    ]) {
      expect(hrefOf(parseRoute(hash, ''))).toBe(hash);
    }
  });

  it('opens a replay: a log file, a finished game, and a dispute link to one moment as one viewer', () => {
    expect(parseRoute('#/replay', '')).toEqual({
      page: 'replay',
      gameId: null,
      at: null,
      as: null,
      key: null,
    });
    expect(parseRoute('#/replay/g-1', '')).toEqual({
      page: 'replay',
      gameId: 'g-1',
      at: null,
      as: null,
      key: null,
    });
    expect(parseRoute('#/replay/g-1?at=57&as=5&key=read.abc', '')).toEqual({
      page: 'replay',
      gameId: 'g-1',
      at: 57,
      as: '5',
      key: 'read.abc',
    });
    expect(parseRoute('#/replay/g-1?at=-3', '')).toMatchObject({ at: null });
    for (const hash of ['#/replay', '#/replay/g-1', '#/replay/g-1?at=57&as=analyst&key=read.abc']) {
      expect(hrefOf(parseRoute(hash, ''))).toBe(hash);
    }
  });

  it('builds the link a QR code carries', () => {
    expect(joinLink('http://127.0.0.1:8080', '/', 'AB12')).toBe('http://127.0.0.1:8080/#/join/AB12');
    expect(normalizeCode('  ab12 ')).toBe('AB12');
    expect(normalizeCode('abc')).toBeNull();
  });
});
