import { describe, expect, it } from 'vitest';
import { Table } from '../../shared/play/table.js';
import { does, givenGame, ok, refused, result, seatView, unchangedBy, until } from '../support/game.js';

const timers = { intro: 30, mafia: 60, night: 30, day: 300 };
/** Eight players, auto master: mafia 1, Don 2, Sheriff 3, civilians 4–8. */
const eight = (extra = {}) =>
  givenGame({ preset: 'classic', master: 'auto', timers, ...extra }, 8, {
    1: 'mafia',
    2: 'don',
    3: 'sheriff',
  });
const toDay = (t: Table, round: number) => until(t, { phase: { kind: 'day', round } });
const lynch = (t: Table, target: number, voters: number[]) => {
  for (const v of voters) does(t, v, { type: 'vote', target });
};

describe('classic preset (seed 001)', () => {
  it('B1: at least seven players', () => {
    const t = new Table();
    ok(t.create({ preset: 'classic' }));
    for (let i = 1; i <= 6; i++) ok(t.join(`P${i}`));
    refused(t.command('host', { type: 'start' }, 1), 'not_enough_players');
    ok(t.join('P7'));
    ok(t.command('host', { type: 'start' }, 1));
  });

  it('B2: special roles act at night: the Don looks for the Sheriff, the Sheriff for the mafia', () => {
    const t = eight();
    until(t, { phase: { kind: 'night', round: 1 } });
    does(t, 2, { type: 'act', ability: 'check', target: 3 });
    does(t, 3, { type: 'act', ability: 'check', target: 4 });
    expect(seatView(t, 2).you?.checks).toEqual([{ round: 1, target: 3, result: 'sheriff' }]);
    expect(seatView(t, 3).you?.checks).toEqual([{ round: 1, target: 4, result: 'red' }]);
    // each answer is seen only by the one who checked
    expect(seatView(t, 1).you?.checks).toEqual([]);
  });

  it('B3: citizens know only their own role; mafiosi know each other, not the special citizens', () => {
    const t = eight();
    const mafioso = seatView(t, 1)
      .seats.filter((s) => s.role)
      .map((s) => [s.seat, s.role]);
    const sheriff = seatView(t, 3)
      .seats.filter((s) => s.role)
      .map((s) => [s.seat, s.role]);
    expect(mafioso).toEqual([
      [1, 'mafia'],
      [2, 'don'],
    ]);
    expect(sheriff).toEqual([[3, 'sheriff']]);
  });

  it('B4: the moderator runs the game and does not play', () => {
    const t = givenGame({ preset: 'classic', timers }, 8, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    expect(t.state.settings.master).toBe('narrator');
    refused(t.send('host', { type: 'vote', target: 1 }), 'not_a_player');
    does(t, 'host', { type: 'advance' });
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 1 });
    expect(seatView(t, 4).host).toBeNull();
  });

  it('B5, B6: the game starts at night, and on that night nobody acts', () => {
    const t = eight();
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 0, stage: 'intro' });
    refused(
      unchangedBy(t, () => t.send(3, { type: 'act', ability: 'check', target: 1 })),
      'wrong_phase',
    );
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'shoot', target: 4 })),
      'wrong_phase',
    );
  });

  it('B7: on every other night the mafia picks its victim within the time limit', () => {
    const t = eight();
    until(t, { phase: { kind: 'night', round: 1 } });
    does(t, 1, { type: 'act', ability: 'shoot', target: 6 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 6 });
    toDay(t, 2);
    expect(result(t).eliminated).toEqual([{ seat: 6, how: 'shot', round: 1 }]);
  });

  it('B8: a vote is given, withdrawn and moved freely, never for oneself', () => {
    const t = eight();
    toDay(t, 1);
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [] });
    refused(t.send(4, { type: 'vote', target: 4 }), 'self_vote');
    does(t, 4, { type: 'vote', target: 1 });
    does(t, 4, { type: 'vote', target: 2 });
    does(t, 4, { type: 'unvote' });
    refused(t.send(4, { type: 'unvote' }), 'not_allowed');
    expect(t.state.ballot?.votes).toEqual({});
  });

  it('B9: the moment a player holds a majority of the living he dies and night falls', () => {
    const t = eight();
    toDay(t, 1);
    lynch(t, 1, [3, 4, 5, 6]);
    expect(result(t).alive).toContain(1);
    does(t, 7, { type: 'vote', target: 1 });
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 1 },
      eliminated: [{ seat: 1, how: 'vote', round: 1 }],
    });
  });

  it('B9 (setting): a majority of the votes cast, once half the living have voted', () => {
    const t = eight({ majorityOf: 'cast' });
    toDay(t, 1);
    lynch(t, 1, [3, 4, 5]);
    does(t, 2, { type: 'vote', target: 4 });
    expect(result(t)).toMatchObject({ phase: { kind: 'night' }, eliminated: [{ seat: 1, how: 'vote' }] });
  });

  it('B9: the day ends without a death when its time runs out', () => {
    const t = eight();
    toDay(t, 1);
    lynch(t, 1, [3, 4]);
    t.wait(timers.day);
    expect(result(t)).toMatchObject({ phase: { kind: 'night', round: 1 }, alive: [1, 2, 3, 4, 5, 6, 7, 8] });
  });

  it('B10: the dead take no further part', () => {
    const t = eight();
    toDay(t, 1);
    lynch(t, 4, [1, 2, 3, 5, 6]);
    refused(t.send(4, { type: 'vote', target: 1 }), 'wrong_phase');
    until(t, { phase: { kind: 'day', round: 2 } });
    refused(
      unchangedBy(t, () => t.send(4, { type: 'vote', target: 1 })),
      'dead_player',
    );
  });

  it('B11: citizens win when every mafioso is dead', () => {
    const t = eight();
    toDay(t, 1);
    lynch(t, 1, [3, 4, 5, 6, 7]);
    toDay(t, 2);
    lynch(t, 2, [3, 4, 5, 6]);
    expect(result(t)).toMatchObject({ over: true, winner: 'town' });
  });

  it('B11, B12: the mafia wins at parity at the start of a day, and its dead members win too', () => {
    const t = eight();
    toDay(t, 1);
    // the town lynches the mafioso, then two citizens fall to votes and shots
    lynch(t, 1, [3, 4, 5, 6, 7]);
    until(t, { phase: { kind: 'night', round: 1 } });
    does(t, 2, { type: 'act', ability: 'shoot', target: 3 });
    toDay(t, 2);
    lynch(t, 4, [2, 5, 6, 7]);
    until(t, { phase: { kind: 'night', round: 2 } });
    does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
    toDay(t, 3);
    lynch(t, 6, [2, 7, 8]);
    until(t, { phase: { kind: 'night', round: 3 } });
    expect(result(t).over).toBe(false);
    does(t, 2, { type: 'act', ability: 'shoot', target: 7 });
    until(t, { over: true });
    // Don 2 and civilian 8 meet at the start of day 4: parity, the mafia wins, dead mafioso 1 included
    expect(result(t)).toMatchObject({ winner: 'mafia', winners: [1, 2], alive: [2, 8] });
  });
});
