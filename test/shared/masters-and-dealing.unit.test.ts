import { describe, expect, it } from 'vitest';
import { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, ok, refused, result, seatView, unchangedBy, until } from '../support/game.js';

const hostView = (t: Table) => viewFor(t.state, { kind: 'host' }).host;

const seated = (settings: Record<string, unknown>, n: number) => {
  const t = new Table();
  ok(t.create(settings));
  for (let i = 1; i <= n; i++) ok(t.join(`P${i}`));
  return t;
};

describe('dealing', () => {
  it('random: the shuffle comes from the seed and is recorded, so the same seed deals the same', () => {
    const deal = (seed: number) => {
      const t = seated({ preset: 'online' }, 8);
      ok(t.command('host', { type: 'start' }, seed));
      return t;
    };
    const a = deal(42);
    expect(deal(42).state.roles).toEqual(a.state.roles);
    expect(Object.values(a.state.roles).sort()).toEqual([
      'civilian',
      'civilian',
      'civilian',
      'civilian',
      'civilian',
      'don',
      'mafia',
      'sheriff',
    ]);
    const recorded = a.log.flat().find((e) => e.type === 'rolesDealt');
    expect(recorded).toMatchObject({ roles: a.state.roles });
    expect(
      [1, 2, 3, 4, 5].some((s) => JSON.stringify(deal(s).state.roles) !== JSON.stringify(a.state.roles)),
    ).toBe(true);
  });

  it('random: without a seed the deal is refused', () => {
    const t = seated({ preset: 'online' }, 8);
    refused(t.command('host', { type: 'start' }), 'bad_command');
  });

  it('manual: the host assigns roles; seats left unassigned are civilians', () => {
    const t = seated({ preset: 'online', dealing: 'manual' }, 6);
    refused(t.send(2, { type: 'assignRole', seat: 2, role: 'mafia' }), 'host_only');
    does(t, 'host', { type: 'assignRole', seat: 2, role: 'mafia' });
    does(t, 'host', { type: 'assignRole', seat: 5, role: 'commissar' });
    does(t, 'host', { type: 'start' });
    expect(t.state.roles).toEqual({
      1: 'civilian',
      2: 'mafia',
      3: 'civilian',
      4: 'civilian',
      5: 'sheriff',
      6: 'civilian',
    });
  });

  it('manual: a game without a mafioso cannot start', () => {
    const t = seated({ preset: 'online', dealing: 'manual' }, 6);
    refused(
      unchangedBy(t, () => t.command('host', { type: 'start' })),
      'bad_settings',
    );
  });

  it('C22, E2: cards: each player in turn picks a face-down card and sees only his own', () => {
    const t = seated({ preset: 'online', dealing: 'cards', timers: { cards: 15 } }, 6);
    ok(t.command('host', { type: 'start' }, 9));
    expect(result(t)).toMatchObject({ phase: { kind: 'lobby', stage: 'cards' }, speaker: 1 });
    refused(t.send(2, { type: 'pickCard', card: 1 }), 'not_your_turn');
    does(t, 1, { type: 'pickCard', card: 4 });
    refused(t.send(2, { type: 'pickCard', card: 4 }), 'bad_target');
    refused(t.send(2, { type: 'pickCard', card: 7 }), 'bad_target');
    expect(seatView(t, 1).you?.role).toBe(t.state.deck?.[3]);
    expect(seatView(t, 2).seats.find((s) => s.seat === 1)?.role ?? null).toBeNull();
    expect(seatView(t, 2).cards).toEqual({ count: 6, picked: { 1: 4 } });
    // a player who lets his time run out gets the lowest card left
    t.wait(15);
    expect(t.state.picks[2]).toBe(1);
    for (const [seat, card] of [
      [3, 2],
      [4, 3],
      [5, 5],
      [6, 6],
    ] as const)
      does(t, seat, { type: 'pickCard', card });
    expect(result(t).phase.kind).not.toBe('lobby');
    expect(Object.values(t.state.roles).sort()).toEqual([...t.state.deck!].sort());
  });
});

describe('masters', () => {
  const deal = { 1: 'mafia', 2: 'don', 3: 'sheriff' } as const;

  it('narrator: the host steps through the wake order, roles act only when woken', () => {
    const t = givenGame({ preset: 'classic' }, 8, deal);
    does(t, 'host', { type: 'advance' });
    until(t, { phase: { kind: 'day', round: 1 } });
    does(t, 'host', { type: 'advance' });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1, stage: 'wake' });
    expect(t.state.wake).toBe('mafia');
    refused(t.send(3, { type: 'act', ability: 'check', target: 1 }), 'not_your_turn');
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 'host', { type: 'advance' });
    expect(t.state.wake).toBe('don');
    does(t, 2, { type: 'act', ability: 'check', target: 4 });
    does(t, 'host', { type: 'advance' });
    expect(t.state.wake).toBe('sheriff');
    does(t, 3, { type: 'act', ability: 'check', target: 2 });
    expect(seatView(t, 3).you?.checks).toEqual([{ round: 1, target: 2, result: 'black' }]);
    does(t, 'host', { type: 'advance' });
    expect(result(t)).toMatchObject({
      phase: { kind: 'day', round: 2 },
      eliminated: [{ seat: 5, how: 'shot', round: 1 }],
    });
  });

  it('moderator: the host records every move "as" a seat; players cannot act themselves', () => {
    const t = givenGame({ preset: 'online', master: 'moderator' }, 7, deal);
    refused(t.send(1, { type: 'knowTeam' }), 'not_allowed');
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'nominate', target: 1, as: 4 });
    refused(t.send('host', { type: 'nominate', target: 2 }), 'not_a_player');
    refused(t.send('host', { type: 'nominate', target: 2, as: 12 }), 'unknown_seat');
    refused(t.send('host', { type: 'advance', as: 3 }), 'as_not_allowed');
    does(t, 'host', { type: 'advance' });
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [1] });
    for (const s of [2, 3, 4, 5, 6, 7]) does(t, 'host', { type: 'vote', target: 1, as: s });
    // the ballot stays open until the host moves on, so a mis-recorded vote can be undone
    does(t, 'host', { type: 'undo' });
    expect(Object.keys(t.state.ballot!.votes)).toEqual(['2', '3', '4', '5', '6']);
    does(t, 'host', { type: 'vote', target: 1, as: 7 });
    does(t, 'host', { type: 'advance' });
    expect(result(t)).toMatchObject({ speaker: 1, phase: { stage: 'lastWord' }, alive: [2, 3, 4, 5, 6, 7] });
  });

  it('moderator: the engine says whom to wake and what to record; the night result comes with reasons', () => {
    const t = givenGame({ preset: 'online', master: 'moderator' }, 7, deal);
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'advance' });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1, stage: 'wake' });
    const host = () => hostView(t);
    expect(host()?.script).toEqual([{ wake: 'mafia', seats: [1, 2], ability: 'shoot', done: false }]);
    does(t, 'host', { type: 'recordShot', target: 6 });
    refused(t.send('host', { type: 'act', ability: 'shoot', target: 6, as: 1 }), 'already_acted');
    expect(host()?.preview).toEqual([{ by: 'mafia', target: 6, killed: true, reason: 'killed' }]);
    does(t, 'host', { type: 'undo' });
    does(t, 'host', { type: 'recordShot', target: null });
    expect(host()?.preview).toEqual([{ by: 'mafia', target: null, killed: false, reason: 'recorded' }]);
    does(t, 'host', { type: 'undo' });
    refused(t.send('host', { type: 'undo' }), 'nothing_to_undo');
  });

  it('moderator: undo takes back only moves of the current phase', () => {
    const t = givenGame({ preset: 'online', master: 'moderator' }, 7, deal);
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'nominate', target: 1, as: 4 });
    does(t, 'host', { type: 'advance' });
    refused(
      unchangedBy(t, () => t.send('host', { type: 'undo' })),
      'nothing_to_undo',
    );
  });

  it('undo is only for a moderated game', () => {
    const t = givenGame({ preset: 'online' }, 7, deal);
    refused(t.send('host', { type: 'undo' }), 'not_allowed');
  });

  it('auto: the host cannot skip phases, but pauses and extends the clock', () => {
    const t = givenGame({ preset: 'online' }, 7, deal);
    refused(t.send('host', { type: 'advance' }), 'not_allowed');
    does(t, 'host', { type: 'pauseClock' });
    refused(t.send('host', { type: 'pauseClock' }), 'wrong_phase');
    does(t, 'host', { type: 'unpauseClock' });
    refused(t.send('host', { type: 'unpauseClock' }), 'wrong_phase');
  });
});

describe('seating', () => {
  it('the host seats a player who has no phone of his own (an in-person table)', () => {
    const t = new Table();
    ok(t.create({ preset: 'online', master: 'moderator' }));
    ok(t.join('Ann'));
    does(t, 'host', { type: 'seatPlayer', name: 'Bob' });
    does(t, 'host', { type: 'seatPlayer', name: 'Cid', seat: 5 });
    refused(t.send('host', { type: 'seatPlayer', name: 'Dan', seat: 5 }), 'seat_taken');
    refused(t.send(1, { type: 'seatPlayer', name: 'Eve' }), 'host_only');
    expect(t.state.names).toEqual({ 1: 'Ann', 2: 'Bob', 5: 'Cid' });
  });

  it('a player moves to a free seat in the lobby, and only there', () => {
    const t = seated({ preset: 'online', dealing: 'manual' }, 4);
    does(t, 2, { type: 'takeSeat', seat: 6 });
    refused(t.send(3, { type: 'takeSeat', seat: 6 }), 'seat_taken');
    expect(Object.keys(t.state.names)).toEqual(['1', '3', '4', '6']);
    refused(t.command('host', { type: 'start' }), 'not_enough_players');
    does(t, 6, { type: 'takeSeat', seat: 2 });
  });
});
