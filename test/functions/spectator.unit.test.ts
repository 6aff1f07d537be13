import { describe, expect, it } from 'vitest';
import { ABANDONED_LOBBY_MS } from '../../functions/app/open-rooms.js';
import { hashToken } from '../../functions/app/tokens.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

/** Seven online players, seat 1 dealt the mafioso by the host and the rest civilians. */
const SETTINGS = { preset: 'online', dealing: 'manual' };

const command = (commandId: string, cmd: object) => ({ action: 'command' as const, commandId, command: cmd });

/** Given a started game: the host `host`, players p1..p7 in their seats. */
async function givenGame(h: AppHarness, settings: object = SETTINGS) {
  const created = frameOf(await h.send('host', { action: 'create', settings, name: 'Hana' }), 'created');
  for (let seat = 1; seat <= 7; seat++) {
    frameOf(await h.send(`p${seat}`, { action: 'join', code: created.code, name: `P${seat}` }), 'joined');
  }
  frameOf(await h.send('host', command('deal', { type: 'assignRole', seat: 1, role: 'mafia' })), 'ack');
  frameOf(await h.send('host', command('go', { type: 'start' })), 'ack');
  return created;
}

describe('watching a room as a spectator', () => {
  it('given a game under way, when a late comer watches by its code, then he is bound without a seat and sees no role', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);

    const frames = await h.send('fan', { action: 'watch', code: code.toLowerCase() });

    const watching = frameOf(frames, 'watching');
    expect(watching.gameId).toBe(gameId);
    const view = frameOf(frames, 'view').view;
    expect(view).toMatchObject({ viewer: 'spectator', seat: null, you: null, host: null, story: null });
    expect(view.seats.map((s) => s.role)).toEqual(Array(7).fill(null));
    const watcher = hashToken(watching.token);
    expect(await h.directory.connection('fan')).toEqual({ gameId, seat: 'spectator', watcher });
    expect(await h.directory.seatForToken(gameId, watcher)).toBe('spectator');
  });

  it('given a spectator, when he sends any command, a rematch, a signal or a push subscription, then each is refused as a spectator and nothing is written', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    await h.send('fan', { action: 'watch', code });
    const before = (await h.store.read(gameId)).length;

    for (const [i, cmd] of [
      { type: 'say', channel: 'table', text: 'hello' },
      { type: 'vote', target: 2 },
      { type: 'act', ability: 'shoot', target: 3 },
      { type: 'endSpeech' },
      { type: 'advance' },
      { type: 'leave' },
    ].entries()) {
      expect(frameOf(await h.send('fan', command(`c${i}`, cmd)), 'rejected')).toMatchObject({
        commandId: `c${i}`,
        code: 'spectator',
      });
    }
    expect(frameOf(await h.send('fan', { action: 'rematch' }), 'error').code).toBe('spectator');
    expect(
      frameOf(await h.send('fan', { action: 'signal', to: 1, payload: { kind: 'hello' } }), 'error').code,
    ).toBe('spectator');
    const subscription = {
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    };
    expect(frameOf(await h.send('fan', { action: 'push', subscription }), 'error').code).toBe('spectator');
    expect((await h.store.read(gameId)).length).toBe(before);
  });

  it('given a spectator who reloads, when he resumes with his token, then he watches again and his token still cannot act', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    const { token } = frameOf(await h.send('fan', { action: 'watch', code }), 'watching');
    await h.app.disconnect('fan');

    const back = await h.send('fan-2', { action: 'resume', gameId, token });

    expect(frameOf(back, 'view').view.viewer).toBe('spectator');
    expect(frameOf(back, 'links')).toMatchObject({ peers: [], forbidden: [] });
    expect(frameOf(await h.send('fan-2', command('x', { type: 'vote', target: 2 })), 'rejected').code).toBe(
      'spectator',
    );
  });

  it('given a code nobody holds, a finished game and a room that takes no spectators, when each is watched, then all three answer alike', async () => {
    const h = new AppHarness();
    const finished = await givenGame(h);
    // The mafioso outlasts the town once the host disqualifies five civilians.
    for (const seat of [2, 3, 4, 5, 6]) {
      frameOf(
        await h.send('host', command(`dq${seat}`, { type: 'disqualify', seat, reason: 'left' })),
        'ack',
      );
    }
    const closedRoom = await givenGame(h, { ...SETTINGS, spectators: false });

    const answers = await Promise.all(
      ['ZZZZZ', finished.code, closedRoom.code].map(async (code) =>
        JSON.stringify(await h.send('fan', { action: 'watch', code })).replaceAll(code, 'CODE'),
      ),
    );
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0])).toEqual([
      { type: 'error', code: 'no_game', message: 'no open room CODE' },
    ]);
    expect(await h.directory.connection('fan')).toBeNull();

    // Once the finished game's view went out, its code is freed for good.
    await h.project(finished.gameId);
    expect(await h.directory.gameForCode(finished.code)).toBeNull();
  });

  it('given an open lobby, when someone watches it, then he sees the seats fill and the game start', async () => {
    const h = new AppHarness();
    const created = frameOf(
      await h.send('host', { action: 'create', settings: SETTINGS, name: 'Hana' }),
      'created',
    );
    expect(
      frameOf(await h.send('fan', { action: 'watch', code: created.code }), 'view').view.phase.kind,
    ).toBe('lobby');
    await h.send('p1', { action: 'join', code: created.code, name: 'P1' });
    await h.project(created.gameId);
    const last = h.fanOut.sent('fan').findLast((f) => f.type === 'view');
    expect(last).toMatchObject({ view: { viewer: 'spectator', seats: [{ seat: 1, name: 'P1' }] } });
  });

  it('given a lobby its host and players left long ago, when only a spectator is still watching it, then it is abandoned all the same', async () => {
    const h = new AppHarness();
    const created = frameOf(
      await h.send('host', { action: 'create', settings: SETTINGS, name: 'Hana' }),
      'created',
    );
    frameOf(await h.send('fan', { action: 'watch', code: created.code }), 'watching');
    await h.app.disconnect('host');

    h.clock.advance(ABANDONED_LOBBY_MS + 1);

    expect(
      frameOf(await h.send('p1', { action: 'join', code: created.code, name: 'P1' }), 'error').code,
    ).toBe('no_game');
    expect(await h.directory.gameForCode(created.code)).toBeNull();
  });
});
