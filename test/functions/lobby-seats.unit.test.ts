import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/index.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

const DEVICE_A = 'phone-a-0123456789abcdef';
const DEVICE_B = 'phone-b-0123456789abcdef';

async function room(h: AppHarness) {
  return frameOf(await h.send('host', { action: 'create', settings: {}, name: 'Olga' }), 'created');
}

const command = (commandId: string, command: object) => ({ action: 'command', commandId, command }) as const;

describe('one phone, one seat, through the socket', () => {
  it('given Ann seated from phone A, when phone A opens the join link again, then it is given seat 1 again with a token that opens it', async () => {
    const h = new AppHarness();
    const { code, gameId } = await room(h);
    const first = frameOf(
      await h.send('a-1', { action: 'join', code, name: 'Ann', device: DEVICE_A }),
      'joined',
    );
    const again = frameOf(
      await h.send('a-2', { action: 'join', code, name: 'Ann', device: DEVICE_A }),
      'joined',
    );
    expect([first.seat, again.seat]).toEqual([1, 1]);
    expect(again.token).not.toBe(first.token);
    const view = frameOf(await h.send('a-3', { action: 'resume', gameId, token: again.token }), 'view');
    expect(view.view.seats.map((s) => s.name)).toEqual(['Ann']);
    expect(view.view.seat).toBe(1);
  });

  it('given Ann at the table, when another phone joins as "ANN", then it is refused with name_taken and nobody is seated', async () => {
    const h = new AppHarness();
    const { code } = await room(h);
    await h.send('a', { action: 'join', code, name: 'Ann', device: DEVICE_A });
    const refused = await h.send('b', { action: 'join', code, name: ' ANN ', device: DEVICE_B });
    expect(frameOf(refused, 'error').code).toBe('name_taken');
    const other = await h.send('c', { action: 'join', code, name: 'Host' });
    expect(frameOf(other, 'error').code).toBe('bad_name');
  });

  it('given the log of a join, then it holds the device key only as a hash', async () => {
    const h = new AppHarness();
    const { code, gameId } = await room(h);
    await h.send('a', { action: 'join', code, name: 'Ann', device: DEVICE_A });
    const text = JSON.stringify(await h.store.read(gameId));
    expect(text).not.toContain(DEVICE_A);
    expect(text).toContain('"device":"');
  });

  it('given a host whose phone sent its key, then the log holds only its hash, and the same phone joining is known as the host playing', async () => {
    const h = new AppHarness();
    const { code, gameId } = frameOf(
      await h.send('host', { action: 'create', settings: {}, name: 'Olga', device: DEVICE_A }),
      'created',
    );
    await h.send('a', { action: 'join', code, name: 'Ann', device: DEVICE_A });
    const text = JSON.stringify(await h.store.read(gameId));
    expect(text).not.toContain(DEVICE_A);
    const state = (await h.app.deps.cache.load(gameId))?.folded.state;
    expect(state?.hostDevice).toMatch(/./);
    expect(state?.devices[1]).toBe(state?.hostDevice);
  });
});

describe('leaving and removal cut the seat loose', () => {
  it('given Bob in the lobby, when the host removes him, then his connection is told, his token no longer opens a seat, and the next player at seat 2 is not seen by him', async () => {
    const h = new AppHarness();
    const { code, gameId } = await room(h);
    await h.send('a', { action: 'join', code, name: 'Ann', device: DEVICE_A });
    const bob = frameOf(await h.send('b', { action: 'join', code, name: 'Bob', device: DEVICE_B }), 'joined');
    h.fanOut.take('b');
    frameOf(await h.send('host', command('rm-1', { type: 'removeSeat', seat: 2 })), 'ack');
    expect(h.fanOut.take('b')).toContainEqual(expect.objectContaining({ type: 'error', code: 'bad_token' }));
    const back = await h.send('b-2', { action: 'resume', gameId, token: bob.token });
    expect(frameOf(back, 'error').code).toBe('bad_token');
    frameOf(await h.send('c', { action: 'join', code, name: 'Cid' }), 'joined');
    await h.project(gameId);
    expect(h.fanOut.sent('b').filter((f: ServerFrame) => f.type === 'view')).toEqual([]);
  });

  it("given Ann moved onto Bob's seat by the host, when each resumes, then each finds his own name", async () => {
    const h = new AppHarness();
    const { code, gameId } = await room(h);
    const ann = frameOf(await h.send('a', { action: 'join', code, name: 'Ann' }), 'joined');
    const bob = frameOf(await h.send('b', { action: 'join', code, name: 'Bob' }), 'joined');
    frameOf(await h.send('host', command('mv-1', { type: 'moveSeat', seat: 1, to: 2 })), 'ack');
    const a = frameOf(await h.send('a-2', { action: 'resume', gameId, token: ann.token }), 'view').view;
    const b = frameOf(await h.send('b-2', { action: 'resume', gameId, token: bob.token }), 'view').view;
    expect(a.seats.find((s) => s.seat === a.seat)?.name).toBe('Ann');
    expect(b.seats.find((s) => s.seat === b.seat)?.name).toBe('Bob');
    expect([a.seat, b.seat]).toEqual([2, 1]);
  });

  it('given Bob in the lobby, when he leaves, then his token opens nothing', async () => {
    const h = new AppHarness();
    const { code, gameId } = await room(h);
    const bob = frameOf(await h.send('b', { action: 'join', code, name: 'Bob' }), 'joined');
    frameOf(await h.send('b', command('leave-1', { type: 'leave' })), 'ack');
    const back = await h.send('b-2', { action: 'resume', gameId, token: bob.token });
    expect(frameOf(back, 'error').code).toBe('bad_token');
  });
});

describe('rematch', () => {
  it('given a lobby, when the host asks for a rematch, then it is refused: the game is not over', async () => {
    const h = new AppHarness();
    await room(h);
    expect(frameOf(await h.send('host', { action: 'rematch' }), 'error').code).toBe('wrong_phase');
  });

  it('given a player, when he asks for a rematch, then it is refused: only the host opens one', async () => {
    const h = new AppHarness();
    const { code } = await room(h);
    await h.send('a', { action: 'join', code, name: 'Ann' });
    expect(frameOf(await h.send('a', { action: 'rematch' }), 'error').code).toBe('host_only');
  });
});

describe('rematch of a finished game', () => {
  it('given a finished game, when the host asks for a rematch, then a new room holds the same table, the old game points to it, and each phone gets its seat back by its device key', async () => {
    const h = new AppHarness();
    const { code, gameId } = await room(h);
    const devices = [DEVICE_A, DEVICE_B, 'phone-c-0123456789abcdef', 'phone-d-0123456789abcdef'];
    for (const [i, name] of ['Ann', 'Bob', 'Cid', 'Dan'].entries()) {
      frameOf(await h.send(`p${i + 1}`, { action: 'join', code, name, device: devices[i] }), 'joined');
    }
    frameOf(await h.send('host', command('start', { type: 'start' })), 'ack');
    for (const seat of [1, 2, 3])
      await h.send('host', command(`dq-${seat}`, { type: 'disqualify', seat, reason: 'x' }));
    const old = (await h.app.deps.cache.load(gameId))?.folded.state;
    expect(old?.phase.kind).toBe('over');

    const frames = await h.send('host', { action: 'rematch' });
    const created = frameOf(frames, 'created');
    expect(created.code).not.toBe(code);
    const resumed = await h.send('host-2', {
      action: 'resume',
      gameId: created.gameId,
      token: created.hostToken,
    });
    const view = frameOf(resumed, 'view').view;
    expect(view.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cid', 'Dan']);
    expect(view.settings).toEqual(old?.settings);
    expect((await h.app.deps.cache.load(gameId))?.folded.state.rematch).toEqual({
      gameId: created.gameId,
      code: created.code,
    });

    const bob = frameOf(
      await h.send('p2-again', { action: 'join', code: created.code, name: 'Bob', device: DEVICE_B }),
      'joined',
    );
    expect(bob).toMatchObject({ gameId: created.gameId, seat: 2 });
    expect(frameOf(await h.send('host', { action: 'rematch' }), 'error').code).toBe('not_allowed');
    expect(frameOf(await h.send('host-2', { action: 'rematch' }), 'error').code).toBe('wrong_phase');
  });
});
