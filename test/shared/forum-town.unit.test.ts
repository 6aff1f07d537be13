import { describe, expect, it } from 'vitest';
import {
  earn,
  FORUM_DEFAULTS,
  type ForumAct,
  type ForumRoleId,
  type ForumSettings,
  type ForumState,
  type ForumTable,
  forumWinner,
  initialForum,
  lineText,
  type MafiaOrder,
  resolveForumNight,
} from '../../shared/forum/index.js';

/*
 * The town fights back (seed 003, D17–D19). The seed names the town's moves where it lists what meets a
 * mine: «укус, паралич, выстрел комиссара, мирного жителя, киллера, а также действия, присущие помкому, психу,
 * хакеру, девке, доктору», and the protections in their order under each of the mafia's moves.
 */

/**
 * Mafiosi 1–2, the Commissar 3, a shooting civilian 4, the Killer 5, the Maniac 6, the Necromancer 7,
 * an undead 8, the Girl 9, the Psycho 10, the Assistant 11, a civilian 12.
 */
const TOWN: Record<number, ForumRoleId> = {
  1: 'mafia',
  2: 'mafia',
  3: 'commissar',
  4: 'shooter',
  5: 'killer',
  6: 'maniac',
  7: 'necromancer',
  8: 'undead',
  9: 'girl',
  10: 'psycho',
  11: 'assistant',
  12: 'civilian',
};

function given(settings: Partial<ForumSettings> = {}) {
  const all = { ...FORUM_DEFAULTS, ...settings };
  const table: ForumTable = { alive: Object.keys(TOWN).map(Number), roles: TOWN };
  return { table, state: initialForum(TOWN, all), settings: all };
}
type Given = ReturnType<typeof given>;

const act = (seat: number, ability: ForumAct['ability'], target: number | null = null): ForumAct => ({
  seat,
  ability,
  target,
});
const order = (seat: number, move: MafiaOrder['move'], ...targets: number[]): MafiaOrder => ({
  seat,
  move,
  targets,
});

function night(g: Given, orders: MafiaOrder[], acts: ForumAct[], round = 1, seed = 7) {
  return resolveForumNight(g.state, g.table, { round, orders, acts, seed }, g.settings);
}

const withItems = (g: Given, seat: number, items: Partial<ForumState['purses'][string]['items']>): Given => {
  const state = structuredClone(g.state);
  Object.assign(state.purses[seat].items, items);
  return { ...g, state };
};

const actLine = (r: ReturnType<typeof night>, seat: number, g: Given) =>
  r.lines.find((l) => l.form === 'act' && l.role === g.table.roles[seat]);

describe('forum: the town’s strikes (D17)', () => {
  it('D17: the Commissar’s, a shooting civilian’s and the Killer’s shots kill', () => {
    const g = given();
    const r = night(g, [], [act(3, 'commissarShot', 1), act(4, 'citizenShot', 2), act(5, 'killerShot', 12)]);
    expect(r.deaths).toEqual([
      { seat: 1, how: 'shot' },
      { seat: 2, how: 'shot' },
      { seat: 12, how: 'shot' },
    ]);
  });

  it('D10 order for the town: «Берлога маньяка (приводит к смерти нападающего)» kills a shooter; the auto-den too', () => {
    const g = given();
    const den = night(g, [], [act(6, 'den', 12), act(4, 'citizenShot', 12)]);
    expect(den.deaths).toEqual([{ seat: 4, how: 'killed' }]);
    expect(actLine(den, 4, g)).toMatchObject({ done: false, reason: 'den' });
    const auto = night(g, [], [act(3, 'commissarShot', 6)]);
    expect(auto.deaths).toEqual([{ seat: 3, how: 'killed' }]);
  });

  it('«Автозащита киллера», then «Эликсир», then «Бронежилет»: each stops one shot, highest first', () => {
    const g = withItems(given(), 5, { elixir: 1, vest: 1 });
    const first = night(g, [], [act(3, 'commissarShot', 5)]);
    expect(actLine(first, 3, g)).toMatchObject({ done: false, reason: 'selfDefence' });
    const next = (s: ForumState, round: number) =>
      resolveForumNight(
        s,
        g.table,
        { round, orders: [], acts: [act(3, 'commissarShot', 5)], seed: 1 },
        g.settings,
      );
    const second = next(first.state, 2);
    expect(actLine(second, 3, g)).toMatchObject({ reason: 'elixir' });
    const third = next(second.state, 3);
    expect(actLine(third, 3, g)).toMatchObject({ reason: 'vest' });
    expect(next(third.state, 4).deaths).toEqual([{ seat: 5, how: 'shot' }]);
  });

  it('D3: the office guard and Anti-mafia are against the mafia only — the Commissar’s shot passes them', () => {
    const g = withItems(given(), 12, { antimafia: 1 });
    const r = night(g, [], [act(10, 'guardOffice'), act(3, 'commissarShot', 11), act(4, 'citizenShot', 12)]);
    expect(r.deaths.map((d) => d.seat)).toEqual([11, 12]);
    expect(r.state.purses[12].items.antimafia).toBe(1);
  });

  it('the Maniac’s kill; the Assistant’s guard kills whoever shoots the Commissar', () => {
    const g = given();
    expect(night(g, [], [act(6, 'maniacKill', 12)]).deaths).toEqual([{ seat: 12, how: 'shot' }]);
    const guarded = night(g, [], [act(11, 'guardCommissar'), act(5, 'killerShot', 3)]);
    expect(guarded.deaths).toEqual([{ seat: 5, how: 'killed' }]);
  });

  it('the Maniac’s poison: «при контакте с носителем яда» whoever touches its carrier dies, the mafia too', () => {
    const g = given();
    const laid = night(g, [], [act(6, 'poison', 12)]);
    expect(laid.deaths).toEqual([]);
    expect(laid.state.poison).toEqual({ carrier: 12, by: 6, round: 1 });
    const touched = resolveForumNight(
      laid.state,
      g.table,
      { round: 2, orders: [order(1, 'nagant', 12)], acts: [act(9, 'knock', 12)], seed: 1 },
      g.settings,
    );
    expect(touched.deaths.map((d) => d.seat)).toEqual([1, 9, 12]);
    expect(touched.state.poison).toBeNull();
  });

  it('D12: «миноносец может нарваться на яд маньяка» — the mine’s carrier who touches the poisoned dies, the mine is lost', () => {
    const g = given();
    const laid = night(g, [], [act(6, 'poison', 12)]);
    const mined = { ...laid.state, mine: { carrier: 4, round: 1 } };
    const r = resolveForumNight(
      mined,
      g.table,
      { round: 2, orders: [], acts: [act(4, 'citizenShot', 12)], seed: 1 },
      g.settings,
    );
    expect(r.deaths.map((d) => d.seat)).toEqual([4, 12]);
    expect(r.state.mine).toBeNull();
  });

  it('the cemetery: the Necromancer’s bite kills; an anti-undead stops it, a vest does not', () => {
    const g = withItems(given(), 12, { vest: 2 });
    expect(night(g, [], [act(7, 'bite', 12)]).deaths).toEqual([{ seat: 12, how: 'shot' }]);
    const saved = night(withItems(g, 12, { antiundead: 1 }), [], [act(7, 'bite', 12)]);
    expect(saved.deaths).toEqual([]);
    expect(actLine(saved, 7, g)).toMatchObject({ done: false, reason: 'antiundead' });
    expect(saved.state.purses[12].items).toMatchObject({ antiundead: 0, vest: 2 });
  });

  it('paralysis: the undead’s touch takes the next day and night; an anti-undead stops it', () => {
    const g = given();
    expect(night(g, [], [act(8, 'paralyse', 3)]).state.paralysed).toEqual([{ seat: 3, round: 2 }]);
    const saved = night(withItems(g, 3, { antiundead: 1 }), [], [act(8, 'paralyse', 3)]);
    expect(saved.state.paralysed).toEqual([]);
  });
});

describe('forum: the mine against the town (D12)', () => {
  it('«каждый нападающий на носителя мины будет убит, несмотря на имеющуюся у него защиту»', () => {
    const g = withItems(given(), 3, { vest: 2, elixir: 1 });
    const mined: Given = { ...g, state: { ...g.state, mine: { carrier: 12, round: 0 } } };
    const r = night(mined, [], [act(3, 'commissarShot', 12), act(7, 'bite', 12), act(8, 'paralyse', 12)]);
    expect(r.deaths).toEqual([
      { seat: 3, how: 'killed' },
      { seat: 7, how: 'killed' },
      { seat: 8, how: 'killed' },
    ]);
    expect(r.state.paralysed).toEqual([]);
    expect(actLine(r, 3, g)).toMatchObject({ done: false, reason: 'mine' });
    expect(r.state.mine).toBeNull();
  });

  it('«выстрел … мирного жителя, киллера»: the shooting civilian, the Killer (his auto-defence too) and the Maniac who strike the carrier die, and the carrier lives', () => {
    const g = given();
    const mined: Given = { ...g, state: { ...g.state, mine: { carrier: 12, round: 0 } } };
    const r = night(
      mined,
      [],
      [act(4, 'citizenShot', 12), act(5, 'killerShot', 12), act(6, 'maniacKill', 12)],
    );
    expect(r.deaths).toEqual([
      { seat: 4, how: 'killed' },
      { seat: 5, how: 'killed' },
      { seat: 6, how: 'killed' },
    ]);
    for (const seat of [4, 5, 6]) expect(actLine(r, seat, g)).toMatchObject({ done: false, reason: 'mine' });
  });

  it('«сам игрок от действий нападающих не пострадает»: a Girl who knocks a mined Psycho dies, his office guard holds', () => {
    const g = given({ office: ['commissar', 'assistant', 'civilian'] });
    const mined: Given = { ...g, state: { ...g.state, mine: { carrier: 10, round: 0 } } };
    const r = night(mined, [order(1, 'nagant', 12)], [act(9, 'knock', 10), act(10, 'guardOffice')]);
    expect(r.deaths).toEqual([{ seat: 9, how: 'killed' }]);
    expect(r.lines[0]).toEqual({
      form: 'move',
      move: 'nagant',
      victim: 12,
      done: false,
      reason: 'officeGuard',
    });
    expect(actLine(r, 10, g)).toMatchObject({ done: true, reason: null });
  });
});

describe('forum: each player’s own report of his act (D17)', () => {
  const reportOf = (r: ReturnType<typeof night>, seat: number) =>
    r.state.reports.filter((x) => x.seat === seat);

  it('D3, D12: the office guard that stopped the nagant saved a life; the Doctor’s guard does not stop the mine', () => {
    // given the Psycho guarding an office the nagant aims at (D3)
    const g = given({ office: ['commissar', 'assistant', 'civilian'] });
    const r = night(g, [order(1, 'nagant', 12), order(2, 'nagant', 12)], [act(10, 'guardOffice')]);
    // then his own report says the guard held and stopped an attack
    expect(reportOf(r, 10)).toEqual([
      { seat: 10, round: 1, ability: 'guardOffice', target: null, done: true, reason: null, saved: true },
    ]);
    // and a guard on a quiet night stopped nothing
    expect(reportOf(night(g, [], [act(10, 'guardOffice')]), 10)).toMatchObject([
      { done: true, saved: false },
    ]);
  });

  it('D10: the Assistant’s guard and the Maniac’s den report the attack they stopped; a stopped shot reports why', () => {
    const g = given();
    const r = night(
      g,
      [],
      [act(11, 'guardCommissar'), act(5, 'killerShot', 3), act(6, 'den', 12), act(4, 'citizenShot', 12)],
    );
    expect(reportOf(r, 11)).toMatchObject([{ ability: 'guardCommissar', done: true, saved: true }]);
    expect(reportOf(r, 6)).toMatchObject([{ ability: 'den', target: 12, done: true, saved: true }]);
    expect(reportOf(r, 5)).toMatchObject([
      { ability: 'killerShot', target: 3, done: false, reason: 'assistant' },
    ]);
    expect(reportOf(r, 4)).toMatchObject([
      { ability: 'citizenShot', target: 12, done: false, reason: 'den' },
    ]);
  });

  it('D4: a knocked-down player’s report says so; each night’s reports are kept with the earlier ones', () => {
    const g = given({ knockChance: 1 });
    const first = night(g, [], [act(9, 'knock', 3), act(3, 'commissarShot', 1)]);
    expect(reportOf(first, 3)).toMatchObject([{ round: 1, done: false, reason: 'knockedDown' }]);
    const second = resolveForumNight(
      first.state,
      g.table,
      { round: 2, orders: [], acts: [act(3, 'commissarShot', 12)], seed: 1 },
      g.settings,
    );
    expect(reportOf(second, 3).map((x) => [x.round, x.done])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});

describe('forum: knock-downs by chance and what each item stops (D4, D19)', () => {
  it('D4 «существует вероятность»: with knockChance 0 a knock-down never lands; with 1 it always does', () => {
    const never = given({ knockChance: 0 });
    const r = night(never, [order(1, 'nagant', 12)], [act(9, 'knock', 1)]);
    expect(r.deaths).toEqual([{ seat: 12, how: 'shot' }]);
    expect(r.knocks).toEqual([{ seat: 9, target: 1, awake: true, landed: false }]);
    expect(actLine(r, 9, never)).toMatchObject({ done: false, reason: 'missed' });
    const always = night(given(), [order(1, 'nagant', 12)], [act(9, 'knock', 1)]);
    expect(always.deaths).toEqual([]);
  });

  it('D4: the draw is the seed’s — the same seed lands the same knock-downs, and a half chance lands some', () => {
    const g = given({ knockChance: 0.5 });
    const landed = (seed: number) => night(g, [], [act(9, 'knock', 1)], 1, seed).knocks[0].landed;
    const seeds = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(seeds.map(landed)).toEqual(seeds.map(landed));
    expect(new Set(seeds.map(landed))).toEqual(new Set([true, false]));
  });

  it('D19 «по презервативу»: a condom stops the Girl’s knock-down (not the Psycho’s) and is spent', () => {
    const g = withItems(given(), 1, { condom: 1 });
    const girl = night(g, [order(1, 'nagant', 12)], [act(9, 'knock', 1)]);
    expect(girl.deaths).toEqual([{ seat: 12, how: 'shot' }]);
    expect(actLine(girl, 9, g)).toMatchObject({ done: false, reason: 'condom' });
    expect(girl.state.purses[1].items.condom).toBe(0);
    const psycho = night(g, [order(1, 'nagant', 12)], [act(10, 'knock', 1)]);
    expect(psycho.deaths).toEqual([]);
  });

  it('D6/D19: each mafioso gets a condom at level 1 and «две антинежити на четвёртом уровне», by his own level', () => {
    const g = given();
    const one = earn(g.state, g.table, [1], g.settings.levelPoints[1], g.settings);
    expect(one.purses[1].items).toMatchObject({ condom: 1, antiundead: 0 });
    expect(one.purses[2].items).toMatchObject({ condom: 0 });
    const four = earn(g.state, g.table, [1], g.settings.levelPoints[4], g.settings);
    expect(four.purses[1].items).toMatchObject({ condom: 1, antiundead: 2 });
  });
});

describe('forum: the wins with the town armed (D1)', () => {
  it('D1 «захват города»: the Commissar, a shooter or the cemetery alive holds the city; a plain civilian does not', () => {
    const g = given();
    const alive = (...seats: number[]) => ({ ...g.table, alive: seats });
    expect(forumWinner(g.state, alive(1, 2, 11, 12, 9), g.settings)).toBe('mafia');
    for (const attacker of [3, 4, 7, 8])
      expect(forumWinner(g.state, alive(1, 2, 12, attacker), g.settings), `seat ${attacker}`).toBeNull();
    expect(forumWinner(g.state, alive(3, 4, 12), g.settings)).toBe('town');
  });
});

describe('forum: the newspaper tells every town move (D17)', () => {
  it('each move in the mafia’s form: role – move – victim – done / not done – why', () => {
    const g = withItems(given(), 12, { vest: 1 });
    const r = night(g, [], [act(3, 'commissarShot', 1), act(4, 'citizenShot', 12)]);
    const names = (seat: number) => `Player${seat}`;
    const text = r.lines.map((l) => lineText(l, 'ru', names));
    expect(text).toEqual([
      'Комиссар – выстрел – Player1 – выполнено',
      'Мирный житель – выстрел – Player12 – не выполнено – бронежилет',
    ]);
    expect(lineText(r.lines[1], 'en', names)).toBe(
      'Shooting civilian – shot – Player12 – not done – bulletproof vest',
    );
  });
});
