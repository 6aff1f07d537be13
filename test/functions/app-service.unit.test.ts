import { describe, expect, it } from 'vitest';
import { hashToken } from '../../functions/app/tokens.js';
import { verifyChain } from '../../shared/audit/chain.js';
import type { ServerFrame } from '../../shared/index.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

const FAST = { preset: 'online', timers: { intro: 2, discussion: 2, vote: 2, mafia: 2, night: 2 } };

/** Given a room created by `host` and `players` joined as p1..pN, each in his seat. */
async function givenLobby(h: AppHarness, players: number, settings: object = FAST) {
  const created = frameOf(await h.send('host', { action: 'create', settings, name: 'Hana' }), 'created');
  const tokens: Record<number, string> = {};
  for (let seat = 1; seat <= players; seat++) {
    const joined = frameOf(
      await h.send(`p${seat}`, { action: 'join', code: created.code, name: `P${seat}` }),
      'joined',
    );
    expect(joined.seat).toBe(seat);
    tokens[seat] = joined.token;
  }
  return { gameId: created.gameId, code: created.code, hostToken: created.hostToken, tokens };
}

const command = (commandId: string, cmd: object, expectedVersion?: number) => ({
  action: 'command' as const,
  commandId,
  command: cmd,
  ...(expectedVersion === undefined ? {} : { expectedVersion }),
});

describe('application service: rooms', () => {
  it('given settings, when a room is created, then the host gets a code, a token and his view, and only the hash is stored', async () => {
    const h = new AppHarness();
    const frames = await h.send('host', { action: 'create', settings: { preset: 'classic' }, name: 'Hana' });
    const created = frameOf(frames, 'created');
    expect(created.code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{5}$/);
    expect(frames[1]).toMatchObject({ type: 'view', version: 1, view: { viewer: 'host', hostName: 'Hana' } });
    expect(await h.directory.gameForCode(created.code)).toBe(created.gameId);
    expect(await h.directory.seatForToken(created.gameId, hashToken(created.hostToken))).toBe('host');
    expect(await h.directory.seatForToken(created.gameId, created.hostToken)).toBeNull();
    expect(await h.directory.connection('host')).toEqual({ gameId: created.gameId, seat: 'host' });
  });

  it('given a room code already taken, when a room is created, then another code is claimed', async () => {
    const h = new AppHarness();
    const first = frameOf(await h.send('a', { action: 'create', settings: {}, name: 'A' }), 'created');
    h.ids.queueRoomCodes(first.code);
    const second = frameOf(await h.send('b', { action: 'create', settings: {}, name: 'B' }), 'created');
    expect(second.code).not.toBe(first.code);
    expect(await h.directory.gameForCode(first.code)).toBe(first.gameId);
  });

  it('given settings the schema refuses, when a room is created, then the reply is an error frame bad_settings', async () => {
    const h = new AppHarness();
    const frames = await h.send('host', { action: 'create', settings: { preset: 'chess' }, name: 'Hana' });
    expect(frames).toEqual([expect.objectContaining({ type: 'error', code: 'bad_settings' })]);
    expect(await h.store.listGames()).toEqual([]);
  });

  it('given a lobby, when players join with and without a seat, then seats are given and taken ones refused', async () => {
    const h = new AppHarness();
    const { code } = await givenLobby(h, 2);
    expect(frameOf(await h.send('p9', { action: 'join', code, name: 'Nine', seat: 9 }), 'joined').seat).toBe(
      9,
    );
    expect(frameOf(await h.send('p3', { action: 'join', code, name: 'Three' }), 'joined').seat).toBe(3);
    expect(await h.send('px', { action: 'join', code, name: 'Again', seat: 9 })).toEqual([
      expect.objectContaining({ type: 'error', code: 'seat_taken' }),
    ]);
    expect(await h.send('py', { action: 'join', code: 'ZZZZZ', name: 'Lost' })).toEqual([
      expect.objectContaining({ type: 'error', code: 'no_game' }),
    ]);
  });

  it('given a joined player, when he joins, then his reply is his seat, his token and his own view', async () => {
    const h = new AppHarness();
    const { code } = await givenLobby(h, 1);
    const frames = await h.send('p2', { action: 'join', code, name: 'Two' });
    expect(frames.map((f) => f.type)).toEqual(['joined', 'view', 'audience']);
    expect(frames[1]).toMatchObject({ version: 3, view: { viewer: 'seat', seat: 2, you: { seat: 2 } } });
  });
});

describe('application service: commands', () => {
  it('given an unbound connection, when it sends a command, then it is told to bind first', async () => {
    const h = new AppHarness();
    await givenLobby(h, 1);
    expect(await h.send('stranger', command('c1', { type: 'start' }))).toEqual([
      expect.objectContaining({ type: 'error', code: 'not_bound' }),
    ]);
  });

  it('given an accepted command, when it is appended, then the commit carries its id, actor, time and a verifying chain', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 4);
    h.clock.advance(1234);
    const reply = await h.app.handleFrame('host', command('start-1', { type: 'start' }));
    expect(reply.frames).toEqual([{ type: 'ack', commandId: 'start-1', version: 6 }]);
    const commits = await h.store.read(gameId);
    expect(commits.at(-1)).toMatchObject({ seq: 6, commandId: 'start-1', actor: 'host', at: h.clock.now() });
    expect(verifyChain(commits)).toEqual({ ok: true });
    expect(reply.log).toMatchObject({
      action: 'command',
      game: gameId,
      commandId: 'start-1',
      type: 'start',
      outcome: 'accepted',
      version: 6,
    });
  });

  it('given an accepted command, when the same command id comes again, then the original ack returns and nothing is appended', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 2);
    const first = await h.send('p1', command('say-1', { type: 'say', channel: 'table', text: 'hello' }));
    await h.send('p2', command('say-2', { type: 'say', channel: 'table', text: 'hi' }));
    const again = await h.send('p1', command('say-1', { type: 'say', channel: 'table', text: 'hello' }, 0));
    expect(again).toEqual(first);
    expect((await h.store.read(gameId)).length).toBe(5);
  });

  it('given the same command id from another seat, when it is sent, then it is a new command of that seat', async () => {
    const h = new AppHarness();
    await givenLobby(h, 2);
    await h.send('p1', command('same', { type: 'say', channel: 'table', text: 'one' }));
    expect(await h.send('p2', command('same', { type: 'say', channel: 'table', text: 'two' }))).toEqual([
      { type: 'ack', commandId: 'same', version: 5 },
    ]);
  });

  it('given a rejected command, when its id is used again for an allowed move, then it is accepted', async () => {
    const h = new AppHarness();
    await givenLobby(h, 4);
    expect(frameOf(await h.send('p1', command('x', { type: 'start' })), 'rejected').code).toBe('host_only');
    expect(await h.send('p1', command('x', { type: 'say', channel: 'table', text: 'sorry' }))).toEqual([
      { type: 'ack', commandId: 'x', version: 6 },
    ]);
  });

  it('given a command that does not fit its schema, when sent, then it is rejected bad_command', async () => {
    const h = new AppHarness();
    await givenLobby(h, 1);
    const rejected = frameOf(await h.send('p1', command('b', { type: 'takeSeat', seat: 'ten' })), 'rejected');
    expect(rejected).toMatchObject({ commandId: 'b', code: 'bad_command' });
    expect(rejected.message).toContain('seat');
  });

  it('given an expected version that is no longer current, when sent, then it is rejected stale_version', async () => {
    const h = new AppHarness();
    await givenLobby(h, 2);
    expect(frameOf(await h.send('p1', command('s', { type: 'takeSeat', seat: 7 }, 2)), 'rejected').code).toBe(
      'stale_version',
    );
    expect(frameOf(await h.send('p1', command('t', { type: 'takeSeat', seat: 7 }, 3)), 'ack').version).toBe(
      4,
    );
  });

  it('given a move that changes nothing, when sent, then the ack names the current version and nothing is appended', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 2);
    expect(await h.send('p2', command('n', { type: 'takeSeat', seat: 2 }))).toEqual([
      { type: 'ack', commandId: 'n', version: 3 },
    ]);
    expect((await h.store.read(gameId)).length).toBe(3);
  });

  it('given a player, when he acts for another seat with "as", then the engine refuses it', async () => {
    const h = new AppHarness();
    await givenLobby(h, 2);
    expect(
      frameOf(
        await h.send('p1', command('a', { type: 'say', channel: 'table', text: 'x', as: 2 })),
        'rejected',
      ).code,
    ).toBe('as_not_allowed');
  });

  it('given a start, when the game is dealt at random, then a seed from the ids port deals it', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 5);
    await h.send('host', command('go', { type: 'start' }));
    const events = (await h.store.read(gameId)).at(-1)?.events as Array<{ type: string }>;
    expect(events.map((e) => e.type)).toContain('rolesDealt');
  });
});

describe('application service: seats and tokens', () => {
  it('given a player who moved seats, when he resumes with his token, then he is at his new seat, and a newcomer in his old seat keeps his own', async () => {
    const h = new AppHarness();
    const { gameId, code, tokens } = await givenLobby(h, 3);
    // The mover's own new view comes in his reply, after his ack.
    const moved = await h.send('p2', command('move', { type: 'takeSeat', seat: 6 }));
    expect(frameOf(moved, 'ack').version).toBe(5);
    expect(await h.directory.connection('p2')).toEqual({ gameId, seat: 6 });
    expect(moved.findLast((f) => f.type === 'view')).toMatchObject({
      type: 'view',
      version: 5,
      view: { seat: 6, you: { seat: 6 } },
    });
    const newcomer = frameOf(await h.send('n', { action: 'join', code, name: 'New', seat: 2 }), 'joined');
    expect(newcomer.seat).toBe(2);

    const back = await h.send('p2-again', { action: 'resume', gameId, token: tokens[2] });
    expect(back).toEqual([
      expect.objectContaining({ type: 'view', view: expect.objectContaining({ seat: 6 }) }),
      expect.objectContaining({ type: 'links', version: 6 }),
      { type: 'audience', gameId, count: 0, rev: 0 },
    ]);
    const newcomerBack = await h.send('n-again', { action: 'resume', gameId, token: newcomer.token });
    expect(newcomerBack[0]).toMatchObject({ type: 'view', view: { seat: 2 } });
  });

  it('given tokens, when one is wrong, altered or from another game, then resume is bad_token and binds nothing', async () => {
    const h = new AppHarness();
    const a = await givenLobby(h, 1);
    const b = frameOf(await h.send('other-host', { action: 'create', settings: {}, name: 'B' }), 'created');
    const altered = a.tokens[1].replace(/\.\d+$/, '.9');
    for (const [gameId, token] of [
      [a.gameId, 'not-a-token-at-all-xxxx'],
      [a.gameId, altered],
      [b.gameId, a.tokens[1]],
    ]) {
      expect(await h.send('thief', { action: 'resume', gameId, token })).toEqual([
        expect.objectContaining({ type: 'error', code: 'bad_token' }),
      ]);
    }
    expect(await h.directory.connection('thief')).toBeNull();
    expect(
      frameOf(await h.send('host-2', { action: 'resume', gameId: a.gameId, token: a.hostToken }), 'view').view
        .viewer,
    ).toBe('host');
  });

  it('given a bound connection, when it syncs, then it gets its full view; unbound, it is told to bind', async () => {
    const h = new AppHarness();
    await givenLobby(h, 2);
    expect(frameOf(await h.send('p2', { action: 'sync' }), 'view')).toMatchObject({
      version: 3,
      view: { seat: 2 },
    });
    expect(frameOf(await h.send('nobody', { action: 'sync' }), 'error').code).toBe('not_bound');
    expect(await h.send('nobody', { action: 'ping' })).toEqual([{ type: 'pong' }]);
  });
});

describe('application service: races between processes', () => {
  it('given two processes on one store, when both command the same game, then the loser reloads and decides again', async () => {
    const one = new AppHarness();
    const { gameId } = await givenLobby(one, 2);
    const two = new AppHarness(one);
    // Process two serves p2; process one holds the game at version 3 and does not know of two's commit.
    expect(
      frameOf(await two.send('p2', command('from-two', { type: 'say', channel: 'table', text: 'b' })), 'ack')
        .version,
    ).toBe(4);
    expect(
      frameOf(await one.send('p1', command('from-one', { type: 'say', channel: 'table', text: 'a' })), 'ack')
        .version,
    ).toBe(5);
    const commits = await one.store.read(gameId);
    expect(commits.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(verifyChain(commits)).toEqual({ ok: true });
  });

  it('given racing appends, when the store refuses one, then the command is decided again on the new state', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 2);
    const rival = new AppHarness(h);
    await rival.app.handleFrame('p2', command('warm', { type: 'say', channel: 'table', text: 'warm' }));
    // Both want seat 9 at once, from two processes: one wins, the other is refused on the state after it.
    const results = await Promise.all([
      h.send('p1', command('mine', { type: 'takeSeat', seat: 9 })),
      rival.send('p2', command('mine', { type: 'takeSeat', seat: 9 })),
    ]);
    const types = results.map((r) => r[0].type).sort();
    expect(types).toEqual(['ack', 'rejected']);
    expect((results.flat().find((f) => f.type === 'rejected') as { code: string }).code).toBe('seat_taken');
    expect((await h.store.read(gameId)).map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('application service: projector and deadlines', () => {
  it('given commits, when projected, then each connection gets its own view and the deadline is scheduled', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 5);
    await h.send('host', command('go', { type: 'start' }));
    h.fanOut.take('p1');
    await h.project(gameId);
    const views = (['host', 'p1', 'p2', 'p3', 'p4', 'p5'] as const).map((c) =>
      h.fanOut.sent(c).findLast((f) => f.type === 'view'),
    );
    expect(views.every((v) => v?.type === 'view' && v.version === 7)).toBe(true);
    expect((views[1] as Extract<ServerFrame, { type: 'view' }>).view.seat).toBe(1);
    expect(h.scheduler.last()).toMatchObject({ gameId, deadlineId: expect.any(String) });
  });

  it('given a burst of commits, when each is projected, then one round of views covers them all', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 3);
    for (let i = 0; i < 5; i++)
      await h.send('p1', command(`s${i}`, { type: 'say', channel: 'table', text: `${i}` }));
    h.fanOut.take('p2');
    await Promise.all([5, 6, 7, 8, 9].map((seq) => h.app.project(gameId, seq)));
    expect(h.fanOut.take('p2').map((f) => (f as { version: number }).version)).toEqual([9]);
  });

  it('given a commit made by another process, when projected here, then views come from the store, not the record', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 2);
    await h.project(gameId);
    const other = new AppHarness(h);
    await other.send('p1', command('elsewhere', { type: 'say', channel: 'table', text: 'from afar' }));
    h.fanOut.take('p2');
    expect(await h.app.project(gameId, 4)).toMatchObject({ kind: 'sent', version: 4 });
    const line = h.fanOut.take('p2')[0] as Extract<ServerFrame, { type: 'chat' }>;
    expect(line).toMatchObject({ type: 'chat', version: 4 });
    expect(line.messages.map((m) => m.text)).toEqual(['from afar']);
  });

  it('given a gone connection, when views are sent, then it is forgotten', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 2);
    h.fanOut.gone('p2');
    expect(await h.app.project(gameId, 3)).toMatchObject({ kind: 'sent', sent: 2, gone: 1 });
    expect(await h.directory.connection('p2')).toBeNull();
  });

  it('given a pending deadline, when it fires, then timeUp is appended once; a repeat or an old one is a no-op', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 5);
    await h.send('host', command('go', { type: 'start' }));
    await h.project(gameId);
    const job = h.scheduler.last()!;
    h.clock.set(job.at);
    expect(await h.app.fireDeadline(job)).toBe('fired');
    const commits = await h.store.read(gameId);
    expect(commits.at(-1)).toMatchObject({ actor: 'system', commandId: `timeUp:${job.deadlineId}` });
    expect(await h.app.fireDeadline(job)).toBe('stale');
    expect(await h.app.fireDeadline({ ...job, deadlineId: 'lobby' })).toBe('stale');
    expect((await h.store.read(gameId)).length).toBe(commits.length);
  });

  it('given games with pending deadlines, when re-armed after a restart, then each is scheduled again', async () => {
    const h = new AppHarness();
    const { gameId } = await givenLobby(h, 5);
    await h.send('host', command('go', { type: 'start' }));
    const restarted = new AppHarness(h);
    expect(await restarted.app.rearmDeadlines()).toBe(1);
    expect(restarted.scheduler.jobs).toEqual([expect.objectContaining({ gameId })]);
  });
});
