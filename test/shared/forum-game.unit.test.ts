import { describe, expect, it } from 'vitest';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { FORUM_ROLE_IDS, FORUM_ROLES, type ForumRoleId, forumTeamOf } from '../../shared/forum/roles.js';
import { Table, tableLog } from '../../shared/play/table.js';
import { ROLES } from '../../shared/roles/index.js';
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
type Game = ReturnType<typeof forum>;
/** The moves a seat's view offers him now (`may`'s `act` entries). */
const movesOf = (t: Game, seat: number) =>
  seatView(t, seat).may.flatMap((m) => (m.type === 'act' ? [m.ability] : []));
/** What a seat's view offers him to buy with his move (D9) or his vote (D5) now. */
const payingWith = (t: Game, seat: number, pay: 'withMove' | 'withVote') =>
  seatView(t, seat).may.find((m) => m.type === 'buy')?.[pay] ?? [];

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

  it('D1: one answer per family — the forum’s Doctor, Psycho and Girl are neutral, the club’s Doctor is town', () => {
    const t = forum();
    const host = viewFor(t.state, { kind: 'analyst' });
    for (const row of host.seats) {
      const role = t.state.roles[row.seat] as ForumRoleId;
      expect(row.team).toBe(forumTeamOf(role));
      expect(row.team).toBe({ lair: 'mafia', attacker: 'town', neutral: 'neutral' }[FORUM_ROLES[role].side]);
    }
    expect(host.seats.find((r) => r.seat === 6)?.team).toBe('neutral');
    expect(seatView(t, 6).you?.team).toBe('neutral');
    expect(ROLES.doctor.team).toBe('town');
    expect(seatView(givenGame({ preset: 'club' }, 9, { 1: 'mafia', 6: 'doctor' }), 6).you?.team).toBe('town');
    for (const role of FORUM_ROLE_IDS.filter((r) => !['mafia', 'civilian', 'doctor', 'maniac'].includes(r)))
      expect(ROLES[role].team, role).toBe(forumTeamOf(role));
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
    expect(seatView(t, 8).forum?.knocks).toEqual([
      { seat: 8, target: 3, awake: false, landed: true, round: 1 },
    ]);
    expect(seatView(t, 7).forum?.knocks).toEqual([
      { seat: 7, target: 1, awake: true, landed: true, round: 1 },
    ]);
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
    const girl = { form: 'act', role: 'girl', ability: 'knock', victim: 2, done: true, reason: null };
    const line = { form: 'move', move: 'nagant', victim: 9, done: true, reason: null };
    for (const seat of [1, 4, 10])
      expect(seatView(t, seat).forum?.newspaper).toEqual([{ round: 1, lines: [line, girl] }]);
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
    expect(movesOf(t, 2)).toEqual(['nagant']);
  });

  it('D17: a night role’s own report is his alone and stays readable all the next day', () => {
    // given the Doctor guarding the office at night 1 and the Girl knocking down seat 1
    const t = forum();
    toNight1(t);
    does(t, 6, { type: 'act', ability: 'guardOffice' });
    const before = [1, 4, 7].map((seat) => seatView(t, seat).forum?.reports);
    does(t, 7, { type: 'act', ability: 'knock', target: 1 });
    until(t, { phase: { kind: 'day', round: 2 } });
    // then by day the Doctor reads what came of his guard, and only his
    expect(seatView(t, 6).forum?.reports).toEqual([
      { seat: 6, round: 1, ability: 'guardOffice', target: null, done: true, reason: null, saved: false },
    ]);
    expect(seatView(t, 7).forum?.reports).toMatchObject([
      { seat: 7, ability: 'knock', target: 1, done: true },
    ]);
    // nobody else's view holds another's report, the spectator's neither
    expect([1, 4, 5].map((seat) => seatView(t, seat).forum?.reports)).toEqual([[], [], []]);
    expect(before).toEqual([[], [], []]);
    expect(viewFor(t.state, { kind: 'spectator' }).forum?.reports).toEqual([]);
    // and the next night it is still there, beside the new night's moves
    until(t, { phase: { kind: 'night', round: 2 } });
    expect(seatView(t, 6).forum?.reports).toHaveLength(1);
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
      { form: 'act', role: 'girl', ability: 'knock', victim: 1, done: true, reason: null },
    ]);
  });

  it('D16: a player buys with his own MafBucks; D2: a lair member with the level trains into a mafioso', () => {
    // given an agent at seat 9 and a hanging that pays mafiosi 1–3 a point each
    const t = givenGame({ preset: 'forum', forum: { hangingPoints: 10 } }, 10, { ...deal, 9: 'agent' });
    refused(
      unchangedBy(t, () => t.send(1, { type: 'buy', item: 'vest' })),
      'not_allowed',
    );
    for (const seat of [1, 2, 3, 4, 5, 6]) does(t, seat, { type: 'vote', target: 10 });
    until(t, { phase: { kind: 'night', round: 1 } });
    // when seat 1 spends 3 of his 10 MafBucks on a vest
    does(t, 1, { type: 'buy', item: 'vest' });
    expect(seatView(t, 1).forum?.purse).toMatchObject({ points: 10, bucks: 7, level: 2, items: { vest: 2 } });
    expect(seatView(t, 2).forum?.purse?.items.vest).toBe(1);
    // then the agent, at level 0, may not train; the shop is the forum game's alone
    refused(
      unchangedBy(t, () => t.send(9, { type: 'train' })),
      'not_allowed',
    );
    const online = givenGame({ preset: 'online' }, 7, { 1: 'mafia' });
    refused(online.send(1, { type: 'buy', item: 'vest' }), 'not_allowed');
  });

  it('D2: the agent who reached the training level becomes a mafioso and orders with the mafia', () => {
    const t = givenGame({ preset: 'forum', forum: { trainLevel: 0 } }, 10, { ...deal, 9: 'agent' });
    toNight1(t);
    refused(t.send(9, { type: 'act', ability: 'nagant', target: 10 }), 'not_allowed');
    does(t, 9, { type: 'train' });
    expect(seatView(t, 9).you?.role).toBe('mafia');
    does(t, 9, { type: 'act', ability: 'nagant', target: 10 });
    expect(seatView(t, 1).forum?.teamOrders).toEqual([{ seat: 9, ability: 'nagant', targets: [10] }]);
  });

  it('D9: a lone mafioso able to move buys with his move instead of ordering; with company he may not', () => {
    // given the lair down to seat 1, with the Girl at 7
    const t = givenGame({ preset: 'forum' }, 10, { 1: 'mafia', 4: 'commissar', 6: 'doctor', 7: 'girl' });
    refused(
      unchangedBy(t, () => t.send(1, { type: 'buy', item: 'vest', withMove: true })),
      'wrong_phase',
    );
    toNight1(t);
    expect(payingWith(t, 1, 'withMove')).toEqual(['vest', 'condom']);
    // the shop's level limit holds for a purchase with the move too
    refused(
      unchangedBy(t, () => t.send(1, { type: 'buy', item: 'elixir', withMove: true })),
      'not_allowed',
    );
    // when he takes a vest for his move
    does(t, 1, { type: 'buy', item: 'vest', withMove: true });
    // then the vest is his, no MafBucks were spent, and he has no order left tonight
    expect(seatView(t, 1).forum?.purse).toMatchObject({ bucks: 0, items: { vest: 1 } });
    expect(payingWith(t, 1, 'withMove')).toEqual([]);
    expect(movesOf(t, 1)).toEqual([]);
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'nagant', target: 9 })),
      'already_acted',
    );
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(result(t).newspaper?.[0]?.lines ?? []).toEqual([]);
    expect(t.state.alive).toHaveLength(10);

    // with two mafiosi alive the lair orders together: nobody buys with the move
    const pair = forum();
    toNight1(pair);
    expect(payingWith(pair, 1, 'withMove')).toEqual([]);
    refused(
      unchangedBy(pair, () => pair.send(1, { type: 'buy', item: 'vest', withMove: true })),
      'not_allowed',
    );
  });

  it('moderator mode: the host takes back an order recorded by mistake, and only what this night recorded', () => {
    // given a moderated night where the host records seat 1's nagant on the wrong player
    const t = forum('moderator');
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'act', ability: 'nagant', target: 9, as: 1 });
    does(t, 'host', { type: 'act', ability: 'knock', target: 2, as: 7 });
    // when he undoes twice and records the order again
    does(t, 'host', { type: 'undo' });
    expect(t.state.forum?.tonight).toEqual([{ seat: 1, ability: 'nagant', targets: [9] }]);
    does(t, 'host', { type: 'undo' });
    expect(t.state.forum?.tonight).toEqual([]);
    refused(
      unchangedBy(t, () => t.send('host', { type: 'undo' })),
      'nothing_to_undo',
    );
    does(t, 'host', { type: 'act', ability: 'nagant', target: 10, as: 1 });
    // then a player cannot undo, and the resolved night cannot be taken back
    refused(
      unchangedBy(t, () => t.send(1, { type: 'undo' })),
      'host_only',
    );
    does(t, 'host', { type: 'advance' });
    expect(result(t).newspaper?.[0].lines).toEqual([
      { form: 'move', move: 'nagant', victim: 10, done: true, reason: null },
    ]);
    refused(
      unchangedBy(t, () => t.send('host', { type: 'undo' })),
      'nothing_to_undo',
    );
  });

  it('moderator mode: undoing a purchase with the move (D9) takes the item back; an automatic game has no undo', () => {
    const t = givenGame({ preset: 'forum', master: 'moderator' }, 10, { 1: 'mafia', 7: 'girl' });
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'buy', item: 'vest', withMove: true, as: 1 });
    expect(t.state.forum?.purses[1].items.vest).toBe(1);
    does(t, 'host', { type: 'undo' });
    expect(t.state.forum?.purses[1].items.vest).toBe(0);
    expect(t.state.forum?.tonight).toEqual([]);
    does(t, 'host', { type: 'act', ability: 'nagant', target: 9, as: 1 });

    const auto = forum();
    toNight1(auto);
    does(auto, 1, { type: 'act', ability: 'nagant', target: 9 });
    refused(
      unchangedBy(auto, () => auto.send('host', { type: 'undo' })),
      'not_allowed',
    );
  });

  it('D17 paralysis: the paralysed player’s vote and move do not happen; D9 «остальные убиты или парализованы»: the lone mafioso buys with his move', () => {
    // given mafiosi 1 and 2, the undead 3, the Commissar 4, the Girl 7
    const t = givenGame({ preset: 'forum' }, 10, {
      1: 'mafia',
      2: 'mafia',
      3: 'undead',
      4: 'commissar',
      7: 'girl',
    });
    toNight1(t);
    expect(payingWith(t, 1, 'withMove')).toEqual([]);
    // when the undead paralyses seat 2
    does(t, 3, { type: 'act', ability: 'paralyse', target: 2 });
    until(t, { phase: { kind: 'day', round: 2 } });
    // then seat 2 may not vote today, nor move tonight, and seat 1 is the lone mafioso who may buy with his move
    refused(
      unchangedBy(t, () => t.send(2, { type: 'vote', target: 4 })),
      'not_allowed',
    );
    does(t, 1, { type: 'vote', target: 4 });
    until(t, { phase: { kind: 'night', round: 2 } });
    expect(movesOf(t, 2)).toEqual([]);
    refused(
      unchangedBy(t, () => t.send(2, { type: 'act', ability: 'nagant', target: 9 })),
      'not_allowed',
    );
    expect(payingWith(t, 1, 'withMove')).toEqual(['vest', 'condom']);
    does(t, 1, { type: 'buy', item: 'vest', withMove: true });
    expect(seatView(t, 1).forum?.purse?.items.vest).toBe(1);
  });

  it('D5 «покупать что-либо за голос»: a mafioso spends his vote on an item, then may not vote that day', () => {
    const t = forum();
    refused(
      unchangedBy(t, () => t.send(4, { type: 'buy', item: 'vest', withVote: true })),
      'not_allowed',
    );
    // given the day's ballot open, the mafioso's view offers the items his level holds, the townsman's none
    expect(payingWith(t, 1, 'withVote')).toEqual(['vest', 'condom']);
    expect(payingWith(t, 4, 'withVote')).toEqual([]);
    does(t, 1, { type: 'buy', item: 'vest', withVote: true });
    expect(seatView(t, 1).forum?.purse).toMatchObject({ bucks: 0, items: { vest: 1 } });
    expect(payingWith(t, 1, 'withVote')).toEqual([]);
    refused(
      unchangedBy(t, () => t.send(1, { type: 'vote', target: 9 })),
      'already_voted',
    );
    does(t, 2, { type: 'vote', target: 9 });
    refused(
      unchangedBy(t, () => t.send(2, { type: 'buy', item: 'vest', withVote: true })),
      'already_voted',
    );
  });

  it('D18: the executioner’s anti-bribe licence pays its holder only when he voted for the one hanged', () => {
    const t = givenGame({ preset: 'forum', forum: { startingItems: { mafia: { licence: 1 } } } }, 10, deal);
    // seats 1 and 2 vote for the hanged 10, seat 3 for someone else
    does(t, 3, { type: 'vote', target: 9 });
    for (const seat of [1, 2, 4, 5, 6, 7]) does(t, seat, { type: 'vote', target: 10 });
    until(t, { phase: { kind: 'night', round: 1 } });
    const { hangingPoints, licencePoints } = PRESETS.forum.defaults.forum;
    expect(seatView(t, 1).forum?.purse?.points).toBe(hangingPoints + licencePoints);
    expect(seatView(t, 3).forum?.purse?.points).toBe(0);
  });

  it('D4: the knock-down’s chance is drawn from the game’s seed: a replay of the log lands the same knock-downs', () => {
    const play = (seed: number) => {
      const t = new Table();
      t.create({ preset: 'forum', dealing: 'manual', forum: { knockChance: 0.5 } });
      for (let seat = 1; seat <= 10; seat++) t.join(`Player ${seat}`, seat);
      for (const [seat, role] of Object.entries(deal))
        t.command('host', { type: 'assignRole', seat: Number(seat), role });
      t.command('host', { type: 'start' }, seed);
      for (let round = 1; round <= 4 && t.state.phase.kind !== 'over'; round++) {
        until(t, { phase: { kind: 'night', round } });
        does(t, 7, { type: 'act', ability: 'knock', target: 1 });
        until(t, { phase: { kind: 'day', round: round + 1 } });
      }
      return t;
    };
    const landed = (t: Table) => t.state.forum?.knocks.map((k) => k.landed);
    expect(landed(play(11))).toEqual(landed(play(11)));
    const t = play(11);
    expect(foldCommits(emptyFold, tableLog(t, 'g1')).state.forum?.knocks).toEqual(t.state.forum?.knocks);
  });

  it('D4: `forum.knockChance` is a chance, 0 to 1, default 1; anything else is refused and opens no room', () => {
    expect(PRESETS.forum.defaults.forum.knockChance).toBe(1);
    const t = new Table();
    expect(t.create({ preset: 'forum', forum: { knockChance: 1.5 } })?.code).toBe('bad_command');
    expect(t.state.created).toBe(false);
    expect(new Table().create({ preset: 'forum', forum: { knockChance: 0.25 } })).toBeNull();
  });
});
