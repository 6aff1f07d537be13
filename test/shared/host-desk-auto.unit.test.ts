import { describe, expect, it } from 'vitest';
import { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { does, ok, seatView, until } from '../support/game.js';

const HOST_PHONE = 'host-phone-key-hash';
const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, lastWordNight: 10 };

/** Six in an automatic room — mafia 1, Don 2, Sheriff 3, civilians 4–6 — the host on `hostPhone`. */
function autoRoom(hostPhone: string | undefined, phones: Record<number, string> = {}): Table {
  const t = new Table();
  ok(t.create({ preset: 'online', dealing: 'manual', timers }, 'Host', hostPhone));
  for (let seat = 1; seat <= 6; seat++) ok(t.join(`Player ${seat}`, seat, phones[seat]));
  for (const [seat, role] of [
    [1, 'mafia'],
    [2, 'don'],
    [3, 'sheriff'],
  ] as const)
    ok(t.command('host', { type: 'assignRole', seat, role }));
  ok(t.command('host', { type: 'start' }));
  until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
  return t;
}
const hostSees = (t: Table) => viewFor(t.state, { kind: 'host' });

describe('the automatic room’s host at night (A7)', () => {
  it('sees who has acted tonight — not what, nor on whom — when he holds no seat', () => {
    // given a host whose phone holds no seat, on night 1
    const t = autoRoom(HOST_PHONE);
    expect(hostSees(t).acted).toEqual([]);
    // when the mafioso shoots and the Sheriff checks
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 3, { type: 'act', ability: 'check', target: 2 });
    // then his desk names the two seats, and nothing of the roles, the targets or the answer
    const view = hostSees(t);
    expect(view.acted).toEqual([1, 3]);
    expect(view.host).toBeNull();
    expect(view.seats.every((s) => s.role === null)).toBe(true);
    // and no seat nor spectator is told
    for (const seat of [1, 2, 3, 4, 5, 6]) expect(seatView(t, seat).acted).toBeNull();
    expect(viewFor(t.state, { kind: 'spectator' }).acted).toBeNull();
  });

  it('sees nothing of it when he plays too (his phone holds a seat), or when his phone is unknown', () => {
    const plays = autoRoom(HOST_PHONE, { 4: HOST_PHONE });
    does(plays, 1, { type: 'act', ability: 'shoot', target: 5 });
    expect(hostSees(plays).acted).toBeNull();
    const unknown = autoRoom(undefined);
    does(unknown, 1, { type: 'act', ability: 'shoot', target: 5 });
    expect(hostSees(unknown).acted).toBeNull();
  });

  it('sees nothing of it by day', () => {
    const t = autoRoom(HOST_PHONE);
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(hostSees(t).acted).toBeNull();
  });
});
