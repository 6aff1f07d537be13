import { describe, expect, it } from 'vitest';
import { createGame, openRematch } from '../../shared/engine/decide.js';
import { evolve } from '../../shared/engine/evolve.js';
import { Table, VIRTUAL_EPOCH } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { given } from './support/decider.js';

const PHONE_A = 'device-hash-a';
const PHONE_B = 'device-hash-b';

/** An online lobby: Ann (seat 1, phone A), Bob (seat 2, phone B), Cid (seat 3, seated by the host). */
function lobby(): Table {
  const t = new Table();
  t.create({ preset: 'online' }, 'Olga');
  t.join('Ann', undefined, PHONE_A);
  t.join('Bob', undefined, PHONE_B);
  t.command('host', { type: 'seatPlayer', name: 'Cid' });
  return t;
}

describe('one phone, one seat', () => {
  it('given Ann seated from phone A, when phone A joins again under another name, then it gets seat 1 back and no second seat', () => {
    const t = lobby();
    expect(t.join('Ann again', undefined, PHONE_A)).toBeNull();
    expect(t.played.at(-1)?.events).toEqual([{ type: 'seatReclaimed', seat: 1 }]);
    expect(t.state.names).toEqual({ 1: 'Ann', 2: 'Bob', 3: 'Cid' });
  });

  it('given Ann moved to seat 5 by the host, when phone A joins again, then it gets seat 5', () => {
    const t = lobby();
    t.command('host', { type: 'moveSeat', seat: 1, to: 5 });
    t.join('Ann', undefined, PHONE_A);
    expect(t.played.at(-1)?.events).toEqual([{ type: 'seatReclaimed', seat: 5 }]);
  });

  it('given Ann removed by the host, when phone A joins again, then it is seated anew like anyone', () => {
    const t = lobby();
    t.command('host', { type: 'removeSeat', seat: 1 });
    t.join('Ann', undefined, PHONE_A);
    expect(t.played.at(-1)?.events).toEqual([{ type: 'seatTaken', seat: 1, name: 'Ann', device: PHONE_A }]);
  });
});

describe('names at one table', () => {
  it('given Ann at the table, when another phone joins as "  ann ", then it is refused with name_taken', () => {
    const t = lobby();
    expect(t.join('  ann ', undefined, 'device-hash-c')?.code).toBe('name_taken');
    expect(t.state.names).toEqual({ 1: 'Ann', 2: 'Bob', 3: 'Cid' });
  });

  it('given Ann at the table, when "Аnn" with a Cyrillic А or with a zero-width space joins, then it is refused', () => {
    const t = lobby();
    expect(t.join('\u0410nn')?.code).toBe('name_taken');
    expect(t.join('A\u200Bnn')?.code).toBe('name_taken');
  });

  it('given a lobby, when "Host" or an invisible name joins, then it is refused with bad_name', () => {
    const t = lobby();
    expect(t.join('host')?.code).toBe('bad_name');
    expect(t.join('\u200B\u202E')?.code).toBe('bad_name');
  });

  it('given a lobby, when a name with a bidi override and double spaces joins, then it is seated cleaned', () => {
    const t = lobby();
    t.join('\u202EDan   Lee');
    expect(t.state.names[4]).toBe('Dan Lee');
  });

  it('given Ann at the table, when the host seats a guest named ANN, then it is refused', () => {
    const t = lobby();
    expect(t.command('host', { type: 'seatPlayer', name: 'ANN' })?.code).toBe('name_taken');
  });
});

describe('the host manages the lobby', () => {
  it('given a lobby, when the host removes seat 2, then the seat is free and Bob is gone', () => {
    given(...lobby().log)
      .when('host', { type: 'removeSeat', seat: 2 })
      .then([{ type: 'seatLeft', seat: 2 }]);
  });

  it('given a lobby, when a player removes a seat, then it is refused: host only', () => {
    given(...lobby().log)
      .when(1, { type: 'removeSeat', seat: 2 })
      .then({ rejected: 'host_only' });
  });

  it('given a lobby, when the host removes an empty seat, then it is refused', () => {
    given(...lobby().log)
      .when('host', { type: 'removeSeat', seat: 7 })
      .then({ rejected: 'unknown_seat' });
  });

  it('given a lobby, when the host renames Cid to Carl, then the seat is renamed, cleaned', () => {
    given(...lobby().log)
      .when('host', { type: 'renameSeat', seat: 3, name: ' Carl\u200B ' })
      .then([{ type: 'seatRenamed', seat: 3, name: 'Carl' }]);
  });

  it('given a lobby, when the host renames Cid to bob, then it is refused: Bob sits at seat 2', () => {
    given(...lobby().log)
      .when('host', { type: 'renameSeat', seat: 3, name: 'bob' })
      .then({ rejected: 'name_taken' });
  });

  it('given a lobby, when the host renames Cid to CID, then the new spelling is kept (his own name)', () => {
    given(...lobby().log)
      .when('host', { type: 'renameSeat', seat: 3, name: 'CID' })
      .then([{ type: 'seatRenamed', seat: 3, name: 'CID' }]);
  });

  it('given a lobby, when the host moves Ann to the free seat 6, then she sits there with her phone', () => {
    const t = lobby();
    t.command('host', { type: 'moveSeat', seat: 1, to: 6 });
    expect(t.state.names).toEqual({ 2: 'Bob', 3: 'Cid', 6: 'Ann' });
    expect(t.state.devices).toEqual({ 2: PHONE_B, 6: PHONE_A });
  });

  it('given a lobby, when the host moves Ann onto Bob, then they change places', () => {
    const t = lobby();
    expect(t.command('host', { type: 'moveSeat', seat: 1, to: 2 })).toBeNull();
    expect(t.played.at(-1)?.events).toEqual([{ type: 'seatsSwapped', a: 1, b: 2 }]);
    expect(t.state.names).toEqual({ 1: 'Bob', 2: 'Ann', 3: 'Cid' });
    expect(t.state.devices).toEqual({ 1: PHONE_B, 2: PHONE_A });
  });

  it('given a lobby, when the host moves a seat past the table, then it is refused', () => {
    given(...lobby().log)
      .when('host', { type: 'moveSeat', seat: 1, to: 30 })
      .then({ rejected: 'unknown_seat' });
  });

  it('given a started game, when the host removes, renames or moves a seat, then each is refused', () => {
    const t = lobby();
    for (const name of ['Dan', 'Eve', 'Fay', 'Gus']) t.join(name);
    t.command('host', { type: 'start' }, 5);
    for (const c of [
      { type: 'removeSeat', seat: 1 },
      { type: 'renameSeat', seat: 1, name: 'Zed' },
      { type: 'moveSeat', seat: 1, to: 9 },
    ] as const) {
      given(...t.log)
        .when('host', c)
        .then({ rejected: 'wrong_phase' });
    }
  });
});

describe('a player leaves the lobby', () => {
  it('given Bob in the lobby, when he leaves, then his seat is free', () => {
    given(...lobby().log)
      .when(2, { type: 'leave' })
      .then([{ type: 'seatLeft', seat: 2 }]);
  });

  it('given the host, when he sends leave, then it is refused: he has no seat', () => {
    given(...lobby().log)
      .when('host', { type: 'leave' })
      .then({ rejected: 'not_a_player' });
  });

  it('given a started game, when a player sends leave, then it is refused', () => {
    const t = lobby();
    for (const name of ['Dan', 'Eve', 'Fay', 'Gus']) t.join(name);
    t.command('host', { type: 'start' }, 5);
    given(...t.log)
      .when(2, { type: 'leave' })
      .then({ rejected: 'wrong_phase' });
  });
});

describe('rematch', () => {
  const meta = { actor: 'host' as const, now: VIRTUAL_EPOCH };

  it('given a lobby, when the host opens a rematch, then it is refused: the game is not over', () => {
    const d = openRematch(lobby().state, { gameId: 'g2', code: 'ABCD' }, meta);
    expect(d.ok ? 'accepted' : d.rejection.code).toBe('wrong_phase');
  });

  it('given a finished game, when a player opens a rematch, then it is refused; when the host does, it is recorded once', () => {
    const t = lobby();
    const over = evolve(t.state, { type: 'gameEnded', winner: 'town', winners: [1] });
    const byPlayer = openRematch(over, { gameId: 'g2', code: 'ABCD' }, { ...meta, actor: 1 });
    expect(byPlayer.ok ? 'accepted' : byPlayer.rejection.code).toBe('host_only');
    const d = openRematch(over, { gameId: 'g2', code: 'ABCD' }, meta);
    expect(d.ok && d.events).toEqual([{ type: 'rematchOpened', gameId: 'g2', code: 'ABCD' }]);
    const after = d.ok ? d.events.reduce(evolve, over) : over;
    expect(viewFor(after, { kind: 'seat', seat: 2 }).rematch).toEqual({ gameId: 'g2', code: 'ABCD' });
    const again = openRematch(after, { gameId: 'g3', code: 'EFGH' }, meta);
    expect(again.ok ? 'accepted' : again.rejection.code).toBe('not_allowed');
  });

  it('given the table of a finished game, when its rematch is created, then the same people sit in the same seats with their phones', () => {
    const t = lobby();
    const seats = Object.entries(t.state.names).map(([seat, name]) => ({
      seat: Number(seat),
      name,
      ...(t.state.devices[seat] ? { device: t.state.devices[seat] } : {}),
    }));
    const d = createGame(t.state.settings, 'Olga', meta, seats);
    const fresh = d.ok ? d.events.reduce(evolve, new Table().state) : null;
    expect(fresh?.names).toEqual({ 1: 'Ann', 2: 'Bob', 3: 'Cid' });
    expect(fresh?.devices).toEqual({ 1: PHONE_A, 2: PHONE_B });
    expect(fresh?.settings).toEqual(t.state.settings);
  });
});
