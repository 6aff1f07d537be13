import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../shared/rules/presets.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, refused, result, seatView, unchangedBy, until } from '../support/game.js';

/** Mafiosi 1–3, the Commissar 4, his Assistant 5, the Doctor 6, the Girl 7, the Psycho 8, civilians 9–10. */
const deal = {
  1: 'mafia',
  2: 'mafia',
  3: 'mafia',
  4: 'commissar',
  5: 'assistant',
  6: 'doctor',
  7: 'girl',
  8: 'psycho',
} as const;
const forum = (master: 'auto' | 'moderator' = 'auto') => givenGame({ preset: 'forum', master }, 10, deal);
const toNight1 = (t: ReturnType<typeof forum>) => until(t, { phase: { kind: 'night', round: 1 } });

describe('the forum game in the engine (seed 003)', () => {
  it('phases default to a 24-hour day and a 12-hour night; the first night with moves is night 1', () => {
    const { timers } = PRESETS.forum.defaults;
    expect([timers.day, timers.mafia, timers.night]).toEqual([24 * 3600, 12 * 3600, 12 * 3600]);
    const t = forum();
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 1 });
    const dayEnds = t.state.deadline?.at ?? 0;
    toNight1(t);
    expect(dayEnds - t.state.createdAt).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1, stage: 'actions' });
  });

  it('the Commissar is the forum’s own role here, and still the Sheriff elsewhere', () => {
    expect(forum().state.roles[4]).toBe('commissar');
    expect(givenGame({ preset: 'online' }, 7, { 1: 'mafia', 4: 'commissar' as never }).state.roles[4]).toBe(
      'sheriff',
    );
  });

  it('D7: an order beyond one’s level or a second move of the night is refused and changes nothing', () => {
    const t = forum();
    toNight1(t);
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'rifle', target: 9 })),
      'not_allowed',
    );
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'shoot', target: 9 })),
      'not_allowed',
    );
    does(t, 1, { type: 'act', ability: 'nagant', target: 9 });
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'nagant', target: 10 })),
      'already_acted',
    );
    refused(
      unchangedBy(t, () => t.send(8, { type: 'act', ability: 'knock', target: 8 })),
      'bad_target',
    );
    does(t, 8, { type: 'act', ability: 'guardOffice' });
    refused(
      unchangedBy(t, () => t.send(8, { type: 'act', ability: 'knock', target: 2 })),
      'already_acted',
    );
  });

  it('the forum’s moves mean nothing in another rule set', () => {
    const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia' });
    until(t, { phase: { kind: 'night', round: 1 } });
    refused(t.send(1, { type: 'act', ability: 'nagant', target: 4 }), 'not_allowed');
  });

  it('D7: a mafioso who gives no order shows asleep to the Psycho, one who does shows awake', () => {
    const t = forum();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'nagant', target: 9 });
    does(t, 8, { type: 'act', ability: 'knock', target: 3 });
    does(t, 7, { type: 'act', ability: 'knock', target: 1 });
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(seatView(t, 8).forum?.knocks).toEqual([{ seat: 8, target: 3, awake: false, round: 1 }]);
    expect(seatView(t, 7).forum?.knocks).toEqual([{ seat: 7, target: 1, awake: true, round: 1 }]);
    expect(seatView(t, 1).forum?.knocks).toEqual([]);
  });

  it('A7: the night closes as soon as everyone with a forum ability has used one', () => {
    const t = forum();
    toNight1(t);
    for (const seat of [1, 2, 3]) does(t, seat, { type: 'act', ability: 'nagant', target: 9 });
    for (const seat of [4, 6]) does(t, seat, { type: 'act', ability: 'guardOffice' });
    does(t, 5, { type: 'act', ability: 'guardCommissar' });
    does(t, 7, { type: 'act', ability: 'knock', target: 3 });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1 });
    does(t, 8, { type: 'act', ability: 'knock', target: 2 });
    expect(result(t)).toMatchObject({ phase: { kind: 'day', round: 2 } });
    expect(result(t).alive).not.toContain(9);
  });

  it('every reader sees the newspaper; each mafioso his points, level, items and the arsenal; nobody else’s', () => {
    const t = forum();
    toNight1(t);
    for (const seat of [1, 2]) does(t, seat, { type: 'act', ability: 'nagant', target: 9 });
    does(t, 7, { type: 'act', ability: 'knock', target: 2 });
    until(t, { phase: { kind: 'day', round: 2 } });
    const line = { form: 'move', move: 'nagant', victim: 9, done: true, reason: null };
    for (const seat of [1, 4, 10])
      expect(seatView(t, seat).forum?.newspaper).toEqual([{ round: 1, lines: [line] }]);
    // D8: seat 1 earned the nagant's points, seat 2 (knocked down) and seat 3 (asleep) did not
    expect(seatView(t, 1).forum?.purse).toMatchObject({ points: 2, level: 0 });
    expect(seatView(t, 2).forum?.purse).toMatchObject({ points: 0 });
    expect(seatView(t, 1).forum?.arsenal?.stock).toMatchObject({ rifle: 0 });
    expect(seatView(t, 4).forum?.arsenal).toBeNull();
    expect(seatView(t, 4).forum?.purses).toBeNull();
    expect(viewFor(t.state, { kind: 'analyst' }).forum?.purses?.[1]).toMatchObject({ points: 2 });
  });

  it('D4: mafiosi see each other’s orders tonight to agree; the town does not', () => {
    const t = forum();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'nagant', target: 9 });
    expect(seatView(t, 2).forum?.teamOrders).toEqual([{ seat: 1, ability: 'nagant', targets: [9] }]);
    expect(seatView(t, 7).forum?.teamOrders).toEqual([]);
    expect(seatView(t, 2).forum?.abilities.map((a) => a.ability)).toEqual(['nagant']);
  });

  it('moderator mode: the host records the night for each seat', () => {
    const t = forum('moderator');
    // the moderator's clock only advises: he ends the day
    does(t, 'host', { type: 'advance' });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1 });
    does(t, 'host', { type: 'act', ability: 'nagant', target: 9, as: 1 });
    does(t, 'host', { type: 'act', ability: 'knock', target: 1, as: 7 });
    does(t, 'host', { type: 'advance' });
    expect(result(t).newspaper?.[0].lines).toEqual([
      { form: 'move', move: 'nagant', victim: 9, done: false, reason: 'knockedDown' },
    ]);
  });
});
