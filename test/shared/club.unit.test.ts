import { describe, expect, it } from 'vitest';
import { Table } from '../../shared/play/table.js';
import { PRESETS } from '../../shared/rules/presets.js';
import { does, givenGame, ok, refused, result, seatView, unchangedBy } from '../support/game.js';
import { advanceTo, ballot, host, hostView, night, speakersUntilVote, talk } from './support/moderated.js';

/** Nine at the table (E16): civilians 1–4, Maniac 5, mafioso 6, Don 7, Putana 8, Sheriff 9. */
const NINE = { 5: 'maniac', 6: 'mafia', 7: 'don', 8: 'lover', 9: 'sheriff' } as const;
/** Thirteen (E16): civilians 1–4 and 13, Maniac 5, mafiosi 6, 10, 11, Don 7, Putana 8, Sheriff 9, Doctor 12. */
const THIRTEEN = { ...NINE, 10: 'mafia', 11: 'mafia', 12: 'doctor' } as const;

const club = (deal: Record<number, string> = NINE, players = 9) =>
  givenGame({ preset: 'club' }, players, deal as Record<number, 'civilian'>);

/** Past the acquaintance night to the first speech of day 1. */
const toDay1 = (t: Table) => advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });

describe('club rules (seed 004)', () => {
  it('E1, E3: the game starts with the acquaintance night; the host meets the roles one by one and learns their seats', () => {
    const t = club();
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 0, stage: 'intro' });
    refused(
      unchangedBy(t, () => t.send('host', { type: 'act', ability: 'block', target: 9, as: 8 })),
      'wrong_phase',
    );
    const met: Array<[string | null, number[]]> = [];
    while (t.state.phase.kind === 'night') {
      const meeting = hostView(t).host?.meeting;
      met.push([meeting?.wake ?? null, meeting?.seats ?? []]);
      host(t, { type: 'advance' });
    }
    // Putana, the mafia with the Don, Sheriff, (Doctor,) Maniac — the Don is not woken twice.
    expect(met).toEqual([
      ['lover', [8]],
      ['mafia', [6, 7]],
      ['sheriff', [9]],
      ['maniac', [5]],
    ]);
    expect(result(t)).toMatchObject({ phase: { kind: 'day', round: 1, stage: 'speech' }, speaker: 1 });
  });

  it('E2: closed dealing — the host wakes the players one at a time and each picks a card by number', () => {
    const t = new Table();
    ok(t.create({ preset: 'club' }));
    for (let seat = 1; seat <= 9; seat++) ok(t.join(`P${seat}`, seat));
    ok(t.command('host', { type: 'start' }, 4));
    expect(result(t)).toMatchObject({ phase: { kind: 'lobby', stage: 'cards' }, speaker: 1 });
    refused(t.send('host', { type: 'pickCard', card: 1, as: 2 }), 'not_your_turn');
    for (let seat = 1; seat <= 9; seat++) does(t, 'host', { type: 'pickCard', card: 10 - seat, as: seat });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 0 });
    expect(
      seatView(t, 1)
        .seats.filter((s) => s.role !== null)
        .map((s) => s.seat),
    ).toContain(1);
    expect(Object.values(t.state.roles).sort()).toEqual(
      ['civilian', 'civilian', 'civilian', 'civilian', 'don', 'lover', 'mafia', 'maniac', 'sheriff'].sort(),
    );
  });

  it('E4, E7, E8: nominating is optional; a lone candidate is withdrawn and the town goes to night', () => {
    const t = club();
    toDay1(t);
    talk(t, { 3: 6 });
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 1 },
      ballot: null,
      alive: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
    night(t, []);
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 2, stage: 'speech' });
    talk(t);
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 2 });
  });

  it('E5: bets, oaths and threats earn a remark; the host may remove the player', () => {
    const t = club();
    toDay1(t);
    host(t, { type: 'remark', seat: 3 });
    host(t, { type: 'remark', seat: 3 });
    expect(seatView(t, 1).seats.find((s) => s.seat === 3)?.remarks).toBe(2);
    host(t, { type: 'disqualify', seat: 3, reason: 'threats' });
    expect(result(t).eliminated).toEqual([{ seat: 3, how: 'disqualified', round: 1 }]);
  });

  it('E6, E14: day 1 speaks from seat 1; with 2 and 3 killed in the night, day 2 starts with seat 4 after their last words', () => {
    const t = club();
    toDay1(t);
    const order: number[] = [];
    while (t.state.phase.stage === 'speech') {
      order.push(t.state.speaker!);
      host(t, { type: 'advance' });
    }
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    night(t, [
      [6, 'shoot', 2],
      [7, 'shoot', 2],
      [5, 'kill', 3],
    ]);
    // E14: the host announces the night; each killed player has 30 seconds of last word.
    expect(result(t)).toMatchObject({ phase: { kind: 'day', round: 2, stage: 'lastWord' }, speaker: 2 });
    expect(t.state.deadline?.remaining).toBe(30_000);
    expect(speakersUntilVote(t)).toEqual([2, 3]);
    expect(result(t)).toMatchObject({ phase: { stage: 'speech' }, speaker: 4 });
  });

  it('E6: if seat 2 lives, he starts day 2', () => {
    const t = club();
    toDay1(t);
    talk(t);
    night(t, [
      [6, 'shoot', 3],
      [7, 'shoot', 3],
    ]);
    speakersUntilVote(t);
    expect(result(t)).toMatchObject({ phase: { kind: 'day', round: 2, stage: 'speech' }, speaker: 2 });
  });

  it('E9: with two candidates the town votes; the most votes leaves after a 30-second last word', () => {
    const t = club();
    toDay1(t);
    talk(t, { 1: 6, 2: 4 });
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [6, 4] });
    ballot(t, { 1: 6, 2: 6, 3: 6, 4: 6, 5: 4, 6: 4, 7: 4, 8: 6, 9: 6 });
    expect(result(t)).toMatchObject({
      phase: { stage: 'lastWord' },
      speaker: 6,
      alive: [1, 2, 3, 4, 5, 7, 8, 9],
    });
    expect(t.state.deadline?.remaining).toBe(30_000);
  });

  it('E10, E11: a car crash — 30 s more each, a revote among them; tied again, a majority to leave sends all out', () => {
    const t = club();
    toDay1(t);
    talk(t, { 1: 6, 2: 4 });
    ballot(t, { 1: 6, 2: 6, 3: 6, 4: 6, 5: 4, 6: 4, 7: 4, 8: 4 });
    expect(result(t)).toMatchObject({ phase: { stage: 'defence' }, speaker: 6 });
    expect(t.state.deadline?.remaining).toBe(30_000);
    expect(speakersUntilVote(t)).toEqual([6, 4]);
    expect(result(t).ballot).toEqual({ kind: 'revote', candidates: [6, 4] });
    ballot(t, { 1: 6, 2: 6, 3: 6, 4: 6, 5: 4, 6: 4, 7: 4, 8: 4 });
    expect(result(t).ballot).toEqual({ kind: 'lift', candidates: [6, 4] });
    ballot(t, { 1: 'leave', 2: 'leave', 3: 'leave', 4: 'stay', 5: 'leave', 9: 'leave' });
    expect(result(t)).toMatchObject({ phase: { stage: 'lastWord' }, alive: [1, 2, 3, 5, 7, 8, 9] });
    expect(speakersUntilVote(t)).toEqual([4, 6]);
  });

  it('E11: without a majority to leave, all the tied stay', () => {
    const t = club();
    toDay1(t);
    talk(t, { 1: 6, 2: 4 });
    ballot(t, { 1: 6, 2: 6, 3: 4, 5: 4 });
    speakersUntilVote(t);
    ballot(t, { 1: 6, 2: 6, 3: 4, 5: 4 });
    ballot(t, { 1: 'leave', 2: 'leave', 3: 'leave', 4: 'leave' });
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 1 },
      alive: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
  });

  it('E12: the player the Putana chose last night has an alibi: most votes, and he stays', () => {
    const t = club();
    toDay1(t);
    talk(t);
    night(t, [[8, 'block', 1]]);
    talk(t, { 2: 1, 3: 4 });
    ballot(t, { 2: 1, 3: 1, 4: 1, 5: 1, 6: 4 });
    expect(t.state.ballots.at(-1)?.leaves).toEqual([1]);
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 2 },
      alive: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
  });

  it('E12: the alibi holds in the car crash’s leave-all vote too: the Putana’s client stays, the other leaves', () => {
    const t = club();
    toDay1(t);
    talk(t);
    night(t, [[8, 'block', 1]]);
    talk(t, { 2: 1, 3: 4 });
    ballot(t, { 2: 1, 3: 1, 5: 4, 6: 4 });
    speakersUntilVote(t);
    ballot(t, { 2: 1, 3: 1, 5: 4, 6: 4 });
    ballot(t, { 1: 'leave', 2: 'leave', 3: 'leave', 5: 'leave', 6: 'leave' });
    expect(result(t).alive).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
    expect(result(t).eliminated).toEqual([{ seat: 4, how: 'vote', round: 2 }]);
  });

  it('E13: the night wakes the Putana, the mafia, the Don, the Sheriff, the Doctor, the Maniac — in that order', () => {
    const t = club(THIRTEEN, 13);
    toDay1(t);
    talk(t);
    const woke = night(t, []);
    expect(woke).toEqual(['lover', 'mafia', 'don', 'sheriff', 'doctor', 'maniac']);
  });

  it('E13: the Doctor saves the mafia’s victim, but not the Maniac’s', () => {
    const t = club(THIRTEEN, 13);
    toDay1(t);
    talk(t);
    const mafia = (target: number): Array<[number, string, number]> =>
      [6, 7, 10, 11].map((seat) => [seat, 'shoot', target]);
    night(t, [...mafia(1), [12, 'heal', 1]]);
    expect(t.state.lastNight?.deaths).toEqual([]);
    speakersUntilVote(t);
    talk(t);
    night(t, [...mafia(2), [5, 'kill', 3], [12, 'heal', 3]]);
    expect(t.state.lastNight?.deaths).toEqual([
      { seat: 2, how: 'shot' },
      { seat: 3, how: 'killed' },
    ]);
  });

  it('E13: a blocked Sheriff and a blocked Don learn nothing that night', () => {
    const t = club();
    toDay1(t);
    talk(t);
    night(t, [
      [8, 'block', 9],
      [9, 'check', 6],
    ]);
    expect(seatView(t, 9).you?.checks).toEqual([]);
    talk(t);
    night(t, [
      [8, 'block', 7],
      [7, 'check', 9],
      [9, 'check', 7],
    ]);
    expect(seatView(t, 7).you?.checks).toEqual([]);
    expect(seatView(t, 9).you?.checks).toEqual([{ round: 2, target: 7, result: 'black' }]);
  });

  it('E13: a blocked mafioso counts as asleep; the others’ joint shot stands', () => {
    const t = club(THIRTEEN, 13);
    toDay1(t);
    talk(t);
    night(t, [
      [8, 'block', 6],
      [7, 'shoot', 2],
      [10, 'shoot', 2],
      [11, 'shoot', 2],
    ]);
    expect(t.state.lastNight?.deaths).toEqual([{ seat: 2, how: 'shot' }]);
  });

  it('E15, E16: the role table for 9 to 15 players', () => {
    const rows: Record<number, [number, number, number, number, number, number, number]> = {
      // players: mafiosi, Don, civilians, Putana, Sheriff, Doctor, Maniac
      9: [1, 1, 4, 1, 1, 0, 1],
      10: [1, 1, 5, 1, 1, 0, 1],
      11: [2, 1, 5, 1, 1, 0, 1],
      12: [2, 1, 6, 1, 1, 0, 1],
      13: [3, 1, 5, 1, 1, 1, 1],
      14: [3, 1, 6, 1, 1, 1, 1],
      15: [3, 1, 7, 1, 1, 1, 1],
    };
    for (const [n, [mafia, don, civilians, lover, sheriff, doctor, maniac]] of Object.entries(rows)) {
      const table = PRESETS.club.rolesFor(Number(n));
      expect({
        ...table,
        civilian: Number(n) - Object.values(table).reduce((a, b) => a + (b ?? 0), 0),
      }).toEqual({
        mafia,
        don,
        civilian: civilians,
        lover,
        sheriff,
        doctor,
        maniac,
      });
    }
  });

  it('E15: below the smallest table the role table seats, the start is refused with the reason', () => {
    const t = new Table();
    ok(t.create({ preset: 'club', dealing: 'random' }));
    for (let seat = 1; seat <= 4; seat++) ok(t.join(`P${seat}`, seat));
    const r = unchangedBy(t, () => t.command('host', { type: 'start' }, 1));
    expect(r).toEqual({
      code: 'not_enough_players',
      message: 'the club preset needs 5 to 16 players; 4 are seated',
    });
    ok(t.join('P5', 5));
    ok(t.command('host', { type: 'start' }, 1));
    expect(Object.values(t.state.roles).sort()).toEqual(['don', 'lover', 'mafia', 'maniac', 'sheriff']);
  });
});
