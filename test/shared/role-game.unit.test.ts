import { describe, expect, it } from 'vitest';
import { initialState } from '../../shared/engine/state.js';
import { winnerNow } from '../../shared/engine/win.js';
import { Table } from '../../shared/play/table.js';
import type { RoleId } from '../../shared/roles/index.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import { does, givenGame, ok, refused, result, seatView, unchangedBy, until } from '../support/game.js';
import { advanceTo, ballot, host, hostView, night, speakersUntilVote, talk } from './support/moderated.js';

const roleGame = (deal: Record<number, RoleId>, players: number, settings: SettingsInput = {}) =>
  givenGame({ preset: 'roleGame', ...settings }, players, deal);

const toDay = (t: Table, round: number) => advanceTo(t, { phase: { kind: 'day', round } });

/** The winner with these roles dealt and these seats alive, by the team table (C14–C18). */
const winnerWith = (roles: Record<number, RoleId>, alive: number[]) =>
  winnerNow({ ...initialState, roles: Object.fromEntries(Object.entries(roles)), alive });

describe('role game (seed 002, standard mode)', () => {
  it('C10: the acquaintance night wakes the roles one by one; mafia and Don meet, and so do the Masons', () => {
    const t = roleGame({ 1: 'mafia', 2: 'don', 3: 'sheriff', 4: 'mason', 5: 'mason', 6: 'doctor' }, 8);
    const met: Array<[string | null, number[]]> = [];
    while (t.state.phase.kind === 'night') {
      const m = hostView(t).host?.meeting;
      met.push([m?.wake ?? null, m?.seats ?? []]);
      refused(t.send(6, { type: 'act', ability: 'heal', target: 6 }), 'wrong_phase');
      host(t, { type: 'advance' });
    }
    expect(met).toEqual([
      ['mafia', [1, 2]],
      ['sheriff', [3]],
      ['doctor', [6]],
      ['masons', [4, 5]],
    ]);
    expect(seatView(t, 4).you?.teammates).toEqual([5]);
    expect(seatView(t, 1).you?.teammates).toEqual([2]);
    expect(seatView(t, 3).you?.teammates).toEqual([]);
  });

  it('C11: the acquaintance day has no nominations and no vote', () => {
    const t = roleGame({ 1: 'mafia' }, 6);
    toDay(t, 1);
    refused(
      unchangedBy(t, () => t.send(2, { type: 'nominate', target: 1 })),
      'not_allowed',
    );
    host(t, { type: 'advance' });
    expect(result(t)).toMatchObject({ phase: { kind: 'night', round: 1 }, alive: [1, 2, 3, 4, 5, 6] });
  });

  it('C13, C27: a day with nominations hears each candidate’s defence, then the vote; unused votes go to the last candidate', () => {
    const t = roleGame({ 1: 'mafia' }, 7);
    toDay(t, 1);
    talk(t);
    night(t, []);
    toDay(t, 2);
    talk(t, { 2: 1, 3: 4 });
    expect(speakersUntilVote(t)).toEqual([1, 4]);
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [1, 4] });
    // 1 and 2 vote for 1, 3 for 4; the four who did not vote give theirs to 4, the last candidate.
    ballot(t, { 1: 4, 2: 1, 3: 4 });
    expect(t.state.ballots.at(-1)?.tally).toEqual({ 1: 1, 4: 6 });
    expect(result(t).eliminated).toEqual([{ seat: 4, how: 'vote', round: 2 }]);
  });

  it('C14: the Werewolf sleeps as a red player; with the mafia gone the town has not won, and he wakes with the shot', () => {
    const t = roleGame({ 1: 'mafia', 2: 'werewolf', 3: 'sheriff' }, 7, { revealRoles: false });
    toDay(t, 1);
    talk(t);
    night(t, [
      [1, 'shoot', 4],
      [3, 'check', 2],
    ]);
    expect(seatView(t, 3).you?.checks).toEqual([{ round: 1, target: 2, result: 'red' }]);
    expect(seatView(t, 2).you?.teammates).toEqual([]);
    toDay(t, 2);
    talk(t, { 3: 1 });
    speakersUntilVote(t);
    ballot(t, { 2: 1, 3: 1, 5: 1, 6: 1, 7: 1 });
    expect(result(t).eliminated.at(-1)).toEqual({ seat: 1, how: 'vote', round: 2 });
    advanceTo(t, { phase: { kind: 'night', round: 2 } });
    expect(result(t).over).toBe(false);
    const woke = night(t, [
      [2, 'shoot', 5],
      [3, 'check', 2],
    ]);
    expect(woke[0]).toBe('mafia');
    expect(t.state.lastNight?.deaths).toEqual([{ seat: 5, how: 'shot' }]);
    expect(seatView(t, 3).you?.checks.at(-1)).toEqual({ round: 2, target: 2, result: 'black' });
  });

  it('C14: while the Werewolf sleeps and the mafia is gone, the game goes on; once he is gone too, the town wins', () => {
    expect(
      winnerWith({ 1: 'mafia', 2: 'werewolf', 3: 'civilian', 4: 'civilian', 5: 'civilian' }, [2, 3, 4, 5]),
    ).toBe(null);
    expect(winnerWith({ 1: 'mafia', 2: 'werewolf', 3: 'civilian', 4: 'civilian' }, [3, 4])).toBe('town');
    // Sleeping, he counts with the town: one mafioso, the Werewolf and one civilian is not yet the mafia's parity.
    expect(winnerWith({ 1: 'mafia', 2: 'werewolf', 3: 'civilian' }, [1, 2, 3])).toBe(null);
    // Awake, he is the mafia: one against one.
    expect(winnerWith({ 1: 'mafia', 2: 'werewolf', 3: 'civilian' }, [2, 3])).toBe('mafia');
  });

  it('C15: with the Maniac alive the mafia needs a majority, and only once the mafia and the Maniac are all that remain', () => {
    const roles: Record<number, RoleId> = { 1: 'mafia', 2: 'mafia', 3: 'mafia', 4: 'maniac', 5: 'civilian' };
    expect(winnerWith(roles, [1, 2, 3, 4, 5])).toBe(null);
    expect(winnerWith(roles, [1, 2, 4])).toBe('mafia');
    expect(winnerWith(roles, [1, 4, 5])).toBe(null);
    // C18: the Maniac wins when he survives until one other player is left, the mafia not having won.
    expect(winnerWith(roles, [1, 4])).toBe('maniac');
    expect(winnerWith(roles, [4, 5])).toBe('maniac');
  });

  it("C15: the Jester is no civilian in the mafia's parity — two mafiosi against two civilians and a living Jester win", () => {
    // «câștigă când numărul mafioților este egal cu sau mai mare decât al civililor»
    const roles: Record<number, RoleId> = {
      1: 'mafia',
      2: 'mafia',
      3: 'civilian',
      4: 'civilian',
      5: 'jester',
    };
    expect(winnerWith(roles, [1, 2, 3, 4, 5])).toBe('mafia');
    expect(winnerWith({ ...roles, 5: 'civilian' }, [1, 2, 3, 4, 5])).toBe(null);
  });

  it('C15, C16: while civilians remain the mafia must also remove the Yakuza; the Yakuza wins as the only gang at parity', () => {
    const roles: Record<number, RoleId> = {
      1: 'mafia',
      2: 'mafia',
      3: 'yakuza',
      4: 'yakuza',
      5: 'civilian',
      6: 'civilian',
    };
    expect(winnerWith(roles, [1, 2, 3, 5])).toBe(null);
    expect(winnerWith(roles, [1, 2, 5])).toBe('mafia');
    expect(winnerWith(roles, [3, 4, 5, 6])).toBe('yakuza');
    expect(winnerWith(roles, [1, 5, 6])).toBe(null);
  });

  it('C16: with no civilian left the larger gang wins; equal gangs are a draw', () => {
    const roles: Record<number, RoleId> = { 1: 'mafia', 2: 'mafia', 3: 'yakuza', 4: 'yakuza', 5: 'civilian' };
    expect(winnerWith(roles, [1, 2, 3])).toBe('mafia');
    expect(winnerWith(roles, [1, 3, 4])).toBe('yakuza');
    expect(winnerWith(roles, [1, 2, 3, 4])).toBe('draw');
  });

  it('C16: a vote that leaves two equal gangs and no civilian ends the game in a draw, with no winners', () => {
    const t = roleGame({ 1: 'mafia', 2: 'yakuza' }, 5);
    toDay(t, 1);
    talk(t);
    night(t, [
      [1, 'shoot', 3],
      [2, 'shoot', 4],
    ]);
    toDay(t, 2);
    expect(result(t)).toMatchObject({ over: false, alive: [1, 2, 5] });
    talk(t, { 1: 5 });
    speakersUntilVote(t);
    ballot(t, { 1: 5, 2: 5 });
    advanceTo(t, { over: true });
    expect(result(t)).toMatchObject({ winner: 'draw', winners: [], alive: [1, 2] });
  });

  it('C17: with jesterEndsGame on, the vote that removes the Jester ends the game with his win', () => {
    const t = roleGame({ 1: 'mafia', 2: 'jester' }, 6, { firstDay: 'vote', jesterEndsGame: true });
    toDay(t, 1);
    talk(t, { 3: 2 });
    speakersUntilVote(t);
    ballot(t, { 1: 2, 3: 2, 4: 2 });
    advanceTo(t, { over: true });
    expect(result(t)).toMatchObject({ winner: 'jester', winners: [2] });
  });

  it('C17: with jesterEndsGame on, the game ends the moment the vote removes the Jester, before any last word', () => {
    // «Activat: imediat ce Bufonul este eliminat prin vot, partida se încheie cu victoria lui.»
    const t = roleGame({ 1: 'mafia', 2: 'jester' }, 6, { firstDay: 'vote', jesterEndsGame: true });
    toDay(t, 1);
    talk(t, { 3: 2 });
    speakersUntilVote(t);
    ballot(t, { 1: 2, 3: 2, 4: 2 });
    expect(t.state.phase.kind).toBe('over');
    expect(t.state.phase.stage).not.toBe('lastWord');
    expect(result(t)).toMatchObject({ over: true, winner: 'jester', winners: [2] });
  });

  it('C17: with jesterEndsGame off, the voted-out Jester is among the winners and the game goes on', () => {
    const t = roleGame({ 1: 'mafia', 2: 'jester' }, 6, { firstDay: 'vote', jesterEndsGame: false });
    toDay(t, 1);
    talk(t, { 3: 2 });
    speakersUntilVote(t);
    ballot(t, { 1: 2, 3: 2, 4: 2 });
    advanceTo(t, { phase: { kind: 'night', round: 1 } });
    expect(result(t).over).toBe(false);
    night(t, []);
    toDay(t, 2);
    talk(t, { 3: 1 });
    speakersUntilVote(t);
    ballot(t, { 3: 1, 4: 1, 5: 1 });
    advanceTo(t, { over: true });
    expect(result(t)).toMatchObject({ winner: 'town', winners: [2, 3, 4, 5, 6] });
  });

  it('C19: a day may hold speeches first and the common discussion after, or the other way round', () => {
    const stages = (format: 'speechesThenDiscussion' | 'discussionThenSpeeches') => {
      const t = roleGame({ 1: 'mafia' }, 5, { dayFormat: format, firstDay: 'vote' });
      toDay(t, 1);
      const seen: string[] = [];
      while (t.state.phase.kind === 'day') {
        seen.push(
          t.state.speaker === null ? t.state.phase.stage : `${t.state.phase.stage} ${t.state.speaker}`,
        );
        host(t, { type: 'advance' });
      }
      return seen;
    };
    const speeches = ['speech 1', 'speech 2', 'speech 3', 'speech 4', 'speech 5'];
    expect(stages('speechesThenDiscussion')).toEqual([...speeches, 'discussion']);
    expect(stages('discussionThenSpeeches')).toEqual(['discussion', ...speeches]);
  });

  it('C20, C21: the first day has a format of its own; the first speech may stay with the first living seat', () => {
    const t = roleGame({ 1: 'mafia' }, 5, {
      firstDayFormat: 'speeches',
      dayFormat: 'speechesThenDiscussion',
      rotateFirstSpeaker: false,
    });
    toDay(t, 1);
    expect(t.state.agenda.map((s) => s.stage)).toEqual(['speech', 'speech', 'speech', 'speech']);
    talk(t);
    night(t, []);
    toDay(t, 2);
    expect(result(t)).toMatchObject({ phase: { stage: 'speech' }, speaker: 1 });
    expect(t.state.agenda.at(-1)?.stage).toBe('discussion');
  });

  it('C21: by default each day passes the first speech to the next living player', () => {
    const t = roleGame({ 1: 'mafia' }, 5, { dayFormat: 'speeches', firstDayFormat: 'speeches' });
    toDay(t, 1);
    talk(t);
    night(t, []);
    toDay(t, 2);
    expect(result(t).speaker).toBe(2);
  });

  it('C24: the Patrolman checks only once the Commissar is gone; the Don finds either', () => {
    const t = roleGame({ 1: 'mafia', 2: 'don', 3: 'sheriff', 4: 'patrolman' }, 8);
    toDay(t, 1);
    talk(t);
    advanceTo(t, { phase: { kind: 'night', round: 1, stage: 'wake' } });
    expect(hostView(t).host?.script.map((l) => l.wake)).toEqual(['mafia']);
    night(t, [
      [1, 'shoot', 3],
      [2, 'shoot', 3],
      [2, 'check', 4],
      [3, 'check', 1],
    ]);
    expect(seatView(t, 2).you?.checks).toEqual([{ round: 1, target: 4, result: 'sheriff' }]);
    expect(result(t).eliminated).toEqual([{ seat: 3, how: 'shot', round: 1 }]);
    toDay(t, 2);
    talk(t);
    const woke = night(t, [[4, 'check', 2]]);
    expect(woke).toContain('patrolman');
    expect(seatView(t, 4).you?.checks).toEqual([{ round: 2, target: 2, result: 'black' }]);
  });

  it('C24: while the Commissar lives, the Patrolman’s check is refused', () => {
    const t = roleGame({ 1: 'mafia', 3: 'sheriff', 4: 'patrolman' }, 6, { master: 'auto' });
    until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
    refused(
      unchangedBy(t, () => t.send(4, { type: 'act', ability: 'check', target: 1 })),
      'not_allowed',
    );
    expect(seatView(t, 4).you?.abilities).toEqual([]);
  });
});

describe('what a night action may name', () => {
  const autoNight = (
    deal: Record<number, RoleId>,
    settings: SettingsInput = {},
    preset = 'roleGame' as const,
  ) => {
    const t = givenGame(
      { preset, master: 'auto', introNight: 'never', firstDay: 'noVote', ...settings },
      7,
      deal,
    );
    until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
    return t;
  };

  it('an act naming more seats than its ability takes is refused, never cut short', () => {
    const t = autoNight({ 1: 'mafia', 2: 'doctor' });
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'shoot', targets: [4, 5] })),
      'bad_command',
    );
    refused(
      unchangedBy(t, () => t.send(2, { type: 'act', ability: 'heal', target: 4, targets: [4] })),
      'bad_command',
    );
    does(t, 1, { type: 'act', ability: 'shoot', targets: [4] });
  });

  it('B7: in the classic game the mafia picks its victim among the citizens, not a teammate', () => {
    const t = givenGame({ preset: 'classic', master: 'auto' }, 7, { 1: 'mafia', 2: 'mafia' });
    until(t, { phase: { kind: 'night', round: 1 } });
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'shoot', target: 2 })),
      'bad_target',
    );
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'shoot', target: 1 })),
      'bad_target',
    );
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
  });

  it('C2: a sport table dealt by hand has one Sheriff and one Don', () => {
    const t = new Table();
    ok(t.create({ preset: 'sport', dealing: 'manual' }));
    for (let seat = 1; seat <= 10; seat++) ok(t.join(`P${seat}`, seat));
    for (const [seat, role] of [
      [1, 'mafia'],
      [2, 'mafia'],
      [3, 'mafia'],
      [4, 'sheriff'],
    ] as const)
      ok(t.command('host', { type: 'assignRole', seat, role }));
    refused(
      unchangedBy(t, () => t.command('host', { type: 'start' })),
      'bad_settings',
    );
    ok(t.command('host', { type: 'assignRole', seat: 3, role: 'don' }));
    ok(t.command('host', { type: 'start' }));
  });

  it('the Doctor heals himself any night by default; by setting once a game, or never', () => {
    const any = autoNight({ 1: 'mafia', 2: 'doctor' });
    does(any, 2, { type: 'act', ability: 'heal', target: 2 });
    const never = autoNight({ 1: 'mafia', 2: 'doctor' }, { doctorSelfHeal: 'never' });
    refused(
      unchangedBy(never, () => never.send(2, { type: 'act', ability: 'heal', target: 2 })),
      'bad_target',
    );
    expect(seatView(never, 2).you?.abilities[0].targets).toEqual([1, 3, 4, 5, 6, 7]);
    const once = autoNight({ 1: 'mafia', 2: 'doctor' }, { doctorSelfHeal: 'once' });
    does(once, 2, { type: 'act', ability: 'heal', target: 2 });
    does(once, 1, { type: 'act', ability: 'shoot', target: 3 });
    until(once, { phase: { kind: 'night', round: 2, stage: 'actions' } });
    refused(
      unchangedBy(once, () => once.send(2, { type: 'act', ability: 'heal', target: 2 })),
      'bad_target',
    );
  });

  it('the Bodyguard guards others, and by setting dies in the guarded player’s place', () => {
    const t = autoNight({ 1: 'mafia', 2: 'bodyguard' }, { bodyguardDies: true });
    refused(
      unchangedBy(t, () => t.send(2, { type: 'act', ability: 'guard', target: 2 })),
      'bad_target',
    );
    does(t, 2, { type: 'act', ability: 'guard', target: 4 });
    does(t, 1, { type: 'act', ability: 'shoot', target: 4 });
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(result(t).eliminated).toEqual([{ seat: 2, how: 'shot', round: 1 }]);
  });

  it('E13 with everyone acting at once: a check’s answer waits until the Putana has acted, and a blocked one never comes', () => {
    const t = autoNight({ 1: 'mafia', 2: 'lover', 3: 'sheriff' }, {}, 'club' as never);
    does(t, 3, { type: 'act', ability: 'check', target: 1 });
    expect(seatView(t, 3).you?.checks).toEqual([]);
    does(t, 2, { type: 'act', ability: 'block', target: 3 });
    expect(seatView(t, 3).you?.checks).toEqual([]);
  });
});
