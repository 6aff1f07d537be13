import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/index.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

/** Seven online players, seat 1 dealt the mafioso by the host and the rest civilians. */
const SETTINGS = { preset: 'online', dealing: 'manual' };
const SEATS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];

const command = (commandId: string, cmd: object) => ({ action: 'command' as const, commandId, command: cmd });

/** Given a started game (night one): the host `host`, players p1..p7 in their seats. */
async function givenGame(h: AppHarness, settings: object = SETTINGS) {
  const created = frameOf(await h.send('host', { action: 'create', settings, name: 'Hana' }), 'created');
  for (const [i, id] of SEATS.entries()) {
    frameOf(await h.send(id, { action: 'join', code: created.code, name: `P${i + 1}` }), 'joined');
  }
  frameOf(await h.send('host', command('deal', { type: 'assignRole', seat: 1, role: 'mafia' })), 'ack');
  frameOf(await h.send('host', command('go', { type: 'start' })), 'ack');
  await h.project(created.gameId);
  return created;
}

/** The mafioso outlasts the town once the host disqualifies five civilians. */
async function finish(h: AppHarness, gameId: string) {
  for (const seat of [2, 3, 4, 5, 6]) {
    frameOf(await h.send('host', command(`dq${seat}`, { type: 'disqualify', seat, reason: 'left' })), 'ack');
  }
  await h.project(gameId);
}

const audiences = (frames: ServerFrame[]) =>
  frames.filter((f): f is Extract<ServerFrame, { type: 'audience' }> => f.type === 'audience');
const lastCount = (h: AppHarness, id: string) => audiences(h.fanOut.sent(id)).at(-1)?.count;

describe('the table sees how many watch', () => {
  it('given a game under way, when spectators arrive and leave, then every seat, the host and the spectators hear each new count', async () => {
    const h = new AppHarness();
    const { code } = await givenGame(h);

    await h.send('fan-a', { action: 'watch', code });
    expect([lastCount(h, 'p3'), lastCount(h, 'host'), lastCount(h, 'fan-a')]).toEqual([1, 1, 1]);
    await h.send('fan-b', { action: 'watch', code });
    expect([lastCount(h, 'p3'), lastCount(h, 'host'), lastCount(h, 'fan-a'), lastCount(h, 'fan-b')]).toEqual([
      2, 2, 2, 2,
    ]);

    h.fanOut.gone('fan-a');
    await h.app.disconnect('fan-a');
    expect([lastCount(h, 'p3'), lastCount(h, 'host'), lastCount(h, 'fan-b')]).toEqual([1, 1, 1]);
    // A player's own coming and going is no news to the table.
    const before = h.fanOut.sent('p4').length;
    await h.app.disconnect('p3');
    expect(h.fanOut.sent('p4').length).toBe(before);
  });

  it('given a spectator whose socket dropped unnoticed, when he resumes on a new one, then he is not counted twice', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    const { token } = frameOf(await h.send('fan', { action: 'watch', code }), 'watching');

    await h.send('fan-again', { action: 'resume', gameId, token });
    expect(lastCount(h, 'p2')).toBe(1);
    expect(lastCount(h, 'fan-again')).toBe(1);

    // The dropped socket's $disconnect comes late: the spectator is still there.
    h.fanOut.gone('fan');
    await h.app.disconnect('fan');
    expect(lastCount(h, 'p2')).toBe(1);
  });

  it('given players who join or ask for their view, when their reply comes, then it carries the count as it is', async () => {
    const h = new AppHarness();
    const lobby = frameOf(
      await h.send('host', { action: 'create', settings: SETTINGS, name: 'Hana' }),
      'created',
    );
    await h.send('fan', { action: 'watch', code: lobby.code });

    const joined = await h.send('p1', { action: 'join', code: lobby.code, name: 'P1' });
    expect(audiences(joined)).toEqual([
      { type: 'audience', gameId: lobby.gameId, count: 1, rev: expect.any(Number) },
    ]);
    expect(audiences(await h.send('host', { action: 'sync' }))).toMatchObject([{ count: 1 }]);
  });

  it('given a night, when a spectator arrives, then every connection gets exactly one frame, the same audience frame', async () => {
    const h = new AppHarness();
    const { code } = await givenGame(h);
    const everyone = ['host', ...SEATS];
    for (const id of everyone) h.fanOut.take(id);

    await h.send('fan', { action: 'watch', code });

    const got = everyone.map((id) => h.fanOut.take(id));
    expect(got.map((frames) => frames.length)).toEqual(everyone.map(() => 1));
    expect(new Set(got.map((frames) => JSON.stringify(frames[0]))).size).toBe(1);
    expect(got[0][0]).toMatchObject({ type: 'audience', count: 1 });
  });

  it('given a spectator whose socket is gone, when a view to him fails as gone, then the table hears he left', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    await h.send('fan', { action: 'watch', code });
    h.fanOut.gone('fan');

    await finish(h, gameId);

    expect(lastCount(h, 'p7')).toBe(0);
  });
});

describe('spectators follow a rematch', () => {
  it('given spectators of a finished game, when the host opens a rematch, then each is sent a token that watches the new game on a socket of his own', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    await h.send('fan', { action: 'watch', code });
    await finish(h, gameId);

    const created = frameOf(await h.send('host', { action: 'rematch' }), 'created');

    const sent = h.fanOut.sent('fan').filter((f) => f.type === 'watching');
    expect(sent).toMatchObject([{ type: 'watching', gameId: created.gameId }]);
    // The finished game's socket stays its own: no view of the new game reaches it.
    expect(await h.directory.connection('fan')).toMatchObject({ gameId, seat: 'spectator' });
    expect(h.fanOut.sent('fan').some((f) => f.type === 'view' && f.view.phase.kind === 'lobby')).toBe(false);

    const { token } = sent.at(-1) as Extract<ServerFrame, { type: 'watching' }>;
    h.fanOut.gone('fan');
    await h.app.disconnect('fan');
    const back = await h.send('fan-2', { action: 'resume', gameId: created.gameId, token });
    expect(frameOf(back, 'view').view).toMatchObject({ viewer: 'spectator', phase: { kind: 'lobby' } });
    expect(lastCount(h, 'fan-2')).toBe(1);
    expect(lastCount(h, 'p2')).toBe(0);
  });

  it('given a spectator away when the rematch was opened, when he resumes the finished game, then his reply invites him to the new one', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    const { token } = frameOf(await h.send('fan', { action: 'watch', code }), 'watching');
    h.fanOut.gone('fan');
    await h.app.disconnect('fan');
    await finish(h, gameId);
    const created = frameOf(await h.send('host', { action: 'rematch' }), 'created');

    const back = await h.send('fan-2', { action: 'resume', gameId, token });

    expect(frameOf(back, 'view').view.over).toBe(true);
    expect(frameOf(back, 'watching').gameId).toBe(created.gameId);
  });

  it('given a rematch opened, when someone watches on the old code, then he watches the new game while it takes spectators', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h);
    await finish(h, gameId);
    const created = frameOf(await h.send('host', { action: 'rematch' }), 'created');
    await h.project(gameId);

    const late = await h.send('late', { action: 'watch', code });

    expect(frameOf(late, 'watching').gameId).toBe(created.gameId);
    expect(await h.directory.gameForCode(code)).toBe(gameId);
  });

  it('given a rematch of a room that takes no spectators, when someone watches on the old code, then he is answered as for a code nobody holds', async () => {
    const h = new AppHarness();
    const { gameId, code } = await givenGame(h, { ...SETTINGS, spectators: false });
    await finish(h, gameId);
    frameOf(await h.send('host', { action: 'rematch' }), 'created');

    const answers = await Promise.all(
      [code, 'ZZZZZ'].map(async (c) =>
        JSON.stringify(await h.send('late', { action: 'watch', code: c })).replaceAll(c, 'CODE'),
      ),
    );
    expect(answers[0]).toBe(answers[1]);
    expect(JSON.parse(answers[0])).toEqual([
      { type: 'error', code: 'no_game', message: 'no open room CODE' },
    ]);
  });
});
