import { describe, expect, it } from 'vitest';
import { ABANDONED_LOBBY_MS } from '../../functions/app/open-rooms.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

describe('an abandoned lobby gives its code back', () => {
  it('given a lobby everyone left long ago, when someone joins with its code, then there is no open room, the code is free, and the host can still come back', async () => {
    const h = new AppHarness();
    const created = frameOf(
      await h.send('host-1', { action: 'create', settings: {}, name: 'Hana' }),
      'created',
    );
    await h.app.disconnect('host-1');

    h.clock.advance(ABANDONED_LOBBY_MS - 60_000);
    const early = await h.send('p-1', { action: 'join', code: created.code, name: 'Ann' });
    expect(frameOf(early, 'joined').seat).toBe(1);
    await h.app.disconnect('p-1');

    h.clock.advance(ABANDONED_LOBBY_MS + 1);
    const late = await h.send('p-2', { action: 'join', code: created.code, name: 'Bob' });
    expect(frameOf(late, 'error')).toEqual({
      type: 'error',
      code: 'no_game',
      message: `no open room ${created.code}`,
    });
    expect(await h.directory.gameForCode(created.code)).toBeNull();

    const back = await h.send('host-2', {
      action: 'resume',
      gameId: created.gameId,
      token: created.hostToken,
    });
    expect(frameOf(back, 'view').view.viewer).toBe('host');
  });
});

describe('a room code lives twelve hours at most', () => {
  it('given a room whose code was given out twelve hours ago, when it is looked up, then it leads nowhere, though the game never ended and nobody tried it', async () => {
    const h = new AppHarness();
    const created = frameOf(
      await h.send('host-1', { action: 'create', settings: {}, name: 'Hana' }),
      'created',
    );
    h.clock.advance(12 * 3600_000 - 60_000);
    expect(await h.directory.gameForCode(created.code)).toBe(created.gameId);

    h.clock.advance(60_000);
    expect(await h.directory.gameForCode(created.code)).toBeNull();
    expect(await h.directory.claimRoomCode(created.code, 'another-game')).toBe(true);
    const back = await h.send('host-2', {
      action: 'resume',
      gameId: created.gameId,
      token: created.hostToken,
    });
    expect(frameOf(back, 'view').view.viewer).toBe('host');
  });
});
