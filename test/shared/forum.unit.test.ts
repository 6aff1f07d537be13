import { describe, expect, it } from 'vitest';
import {
  buy,
  earn,
  FORUM_DEFAULTS,
  type ForumAct,
  type ForumRoleId,
  type ForumSettings,
  type ForumState,
  type ForumTable,
  forumWinner,
  hangingEarners,
  initialForum,
  jointOrder,
  lineText,
  type MafiaOrder,
  mayTrain,
  type NewspaperLine,
  orderRefusal,
  resolveForumNight,
  train,
  withoutMineOn,
} from '../../shared/forum/index.js';

/** A town of eight: mafiosi 1–3, the Commissar 4, his Assistant 5, the Doctor 6, the Girl 7, a civilian 8. */
const TOWN: Record<number, ForumRoleId> = {
  1: 'mafia',
  2: 'mafia',
  3: 'mafia',
  4: 'commissar',
  5: 'assistant',
  6: 'doctor',
  7: 'girl',
  8: 'civilian',
};

function given(extra: Record<number, ForumRoleId> = {}, settings: ForumSettings = FORUM_DEFAULTS) {
  const roles = Object.fromEntries(Object.entries({ ...TOWN, ...extra }).map(([s, r]) => [s, r]));
  const table: ForumTable = { alive: Object.keys(roles).map(Number), roles };
  return { table, state: initialForum(roles, settings), settings };
}

type Given = ReturnType<typeof given>;

const order = (seat: number, move: MafiaOrder['move'], ...targets: number[]): MafiaOrder => ({
  seat,
  move,
  targets,
});
const knock = (seat: number, target: number): ForumAct => ({ seat, ability: 'knock', target });
const guard = (seat: number, ability: ForumAct['ability'], target: number | null = null): ForumAct => ({
  seat,
  ability,
  target,
});

function night(g: Given, orders: MafiaOrder[], acts: ForumAct[] = [], round = 1) {
  return resolveForumNight(g.state, g.table, { round, orders, acts, seed: 1 }, g.settings);
}

/** The mafia's lines of the night's paper (every other role's move follows them). */
const mafiaLines = (r: { lines: NewspaperLine[] }) => r.lines.filter((l) => l.form !== 'act');

/** Gives seats points (and so levels and their grants) before the night. */
function withPoints(g: Given, seats: number[], points: number): Given {
  return { ...g, state: earn(g.state, g.table, seats, points, g.settings) };
}

const withItems = (g: Given, seat: number, items: Partial<ForumState['purses'][string]['items']>): Given => {
  const state = structuredClone(g.state);
  Object.assign(state.purses[seat].items, items);
  return { ...g, state };
};

describe('forum: the joint order (D4)', () => {
  it('D4 case 1: ordered by one or by several, none knocked down — done', () => {
    // given the mafia; when seat 1 alone orders "nagant – 8", and on another night 1 and 2 both do
    const alone = night(given(), [order(1, 'nagant', 8)]);
    const both = night(given(), [order(1, 'nagant', 8), order(2, 'nagant', 8)]);
    // then the civilian dies either way
    expect(alone.deaths).toEqual([{ seat: 8, how: 'shot' }]);
    expect(both.deaths).toEqual([{ seat: 8, how: 'shot' }]);
    expect(both.lines).toEqual([{ form: 'move', move: 'nagant', victim: 8, done: true, reason: null }]);
  });

  it('D4 case 2: ordered by one, knocked down by the Girl — not done', () => {
    const r = night(given(), [order(1, 'nagant', 8)], [knock(7, 1)]);
    expect(r.deaths).toEqual([]);
    expect(mafiaLines(r)).toEqual([
      { form: 'move', move: 'nagant', victim: 8, done: false, reason: 'knockedDown' },
    ]);
  });

  it('D4 case 3: ordered by several, each knocked down — not done', () => {
    // the Girl knocks 1, the Hacker 2, the Psycho 3
    const g = given({ 9: 'hacker', 10: 'psycho' });
    const orders = [order(1, 'nagant', 8), order(2, 'nagant', 8), order(3, 'nagant', 8)];
    const r = night(g, orders, [knock(7, 1), knock(9, 2), knock(10, 3)]);
    expect(r.deaths).toEqual([]);
    expect(r.lines[0]).toMatchObject({ done: false, reason: 'knockedDown' });
  });

  it('D4 case 4: ordered by several, knocked down for some but not all — done', () => {
    const g = given({ 9: 'hacker' });
    const orders = [order(1, 'nagant', 8), order(2, 'nagant', 8), order(3, 'nagant', 8)];
    const r = night(g, orders, [knock(7, 1), knock(9, 2)]);
    expect(r.deaths).toEqual([{ seat: 8, how: 'shot' }]);
    expect(r.lines[0]).toMatchObject({ done: true });
  });

  it('D4 case 5: ordered by several at different targets, none knocked down — not done', () => {
    const r = night(given(), [order(1, 'nagant', 8), order(2, 'nagant', 6)]);
    expect(r.deaths).toEqual([]);
    expect(r.lines[0]).toMatchObject({ move: 'nagant', done: false, reason: 'splitOrders' });
  });

  it('D4 case 6: ordered by several at different targets, one of them knocked down — not done', () => {
    // the knocked order still splits the move: every order counts for agreement
    const r = night(given(), [order(1, 'nagant', 8), order(2, 'nagant', 6)], [knock(7, 2)]);
    expect(r.deaths).toEqual([]);
    expect(r.lines[0]).toMatchObject({ done: false, reason: 'splitOrders' });
  });

  it('D4/D13: in a double kill each mafioso may name his own victim', () => {
    const g = withPoints(given(), [1, 2], 10);
    const r = night(g, [order(1, 'doubleKill', 8), order(2, 'doubleKill', 6)]);
    expect(r.deaths).toEqual([
      { seat: 6, how: 'shot' },
      { seat: 8, how: 'shot' },
    ]);
    expect(r.lines).toEqual([
      { form: 'kill', move: 'doubleKill', victim: 8, done: true, reason: null },
      { form: 'kill', move: 'doubleKill', victim: 6, done: true, reason: null },
    ]);
  });

  it('D4/D13: a lone mafioso may name both victims, or fire both shots at one', () => {
    const g = withPoints(given(), [1], 10);
    expect(night(g, [order(1, 'doubleKill', 8, 6)]).deaths.map((d) => d.seat)).toEqual([6, 8]);
    // two shots at one victim: his one vest stops the first, the second kills
    const vested = withItems(g, 8, { vest: 1 });
    const r = night(vested, [order(1, 'doubleKill', 8)]);
    expect(r.deaths).toEqual([{ seat: 8, how: 'shot' }]);
    expect(r.state.purses[8].items.vest).toBe(0);
  });

  it('D4/D13: a double kill shot whose only orderer is knocked down is not fired', () => {
    // seat 2 has spent the condom his level gave him (D19), so the Girl's knock-down lands
    const g = withItems(withPoints(given(), [1, 2], 10), 2, { condom: 0 });
    const r = night(g, [order(1, 'doubleKill', 8), order(2, 'doubleKill', 6)], [knock(7, 2)]);
    expect(r.deaths).toEqual([{ seat: 8, how: 'shot' }]);
    expect(r.lines[1]).toEqual({
      form: 'kill',
      move: 'doubleKill',
      victim: 6,
      done: false,
      reason: 'knockedDown',
    });
  });

  it('D4/D14: three mafiosi name three victims of a triple kill; a fourth name splits it', () => {
    const g = withPoints(given(), [1, 2, 3], 30);
    const three = [order(1, 'tripleKill', 8), order(2, 'tripleKill', 6), order(3, 'tripleKill', 5)];
    expect(night(g, three).deaths.map((d) => d.seat)).toEqual([5, 6, 8]);
    const four = [order(1, 'tripleKill', 8, 4), order(2, 'tripleKill', 6), order(3, 'tripleKill', 5)];
    expect(jointOrder(four, new Set())).toMatchObject({ kind: 'notDone', reason: 'splitOrders' });
  });
});

describe('forum: one move a night and levels (D7)', () => {
  it('D7: orders of different moves are no move at all', () => {
    const g = withPoints(given(), [1, 2], 10);
    const r = night(g, [order(1, 'nagant', 8), order(2, 'rifle', 8)]);
    expect(r.deaths).toEqual([]);
    expect(r.lines[0]).toMatchObject({ done: false, reason: 'splitOrders' });
  });

  it('D7: a mafioso without the level for a move is refused and counts as asleep, also to the Psycho', () => {
    // given seat 1 at level 1 (the rifle comes with it), seat 2 at level 0
    const g = withPoints(given({ 10: 'psycho' }), [1], 4);
    expect(orderRefusal(g.state, g.table, order(2, 'rifle', 8), g.settings)).toMatchObject({
      code: 'not_allowed',
    });
    // when seat 2 orders the rifle anyway and the Psycho knocks him, while seat 1 orders it too
    const r = night(g, [order(1, 'rifle', 8), order(2, 'rifle', 8)], [knock(10, 2)]);
    // then only seat 1's order counts, the Psycho sees seat 2 asleep, and the rifle is done
    expect(r.knocks).toEqual([{ seat: 10, target: 2, awake: false, landed: true }]);
    expect(r.deaths).toEqual([{ seat: 8, how: 'shot' }]);
  });

  it('D7: the limited moves run out; the nagant does not', () => {
    // given level 1: one rifle and one mine for the whole mafia
    const g = withPoints(given(), [1], 4);
    const first = night(g, [order(1, 'rifle', 8)]);
    expect(first.state.stock.rifle).toBe(0);
    expect(orderRefusal(first.state, g.table, order(1, 'rifle', 6), g.settings)).toMatchObject({
      code: 'not_allowed',
    });
    expect(orderRefusal(first.state, g.table, order(1, 'nagant', 6), g.settings)).toBeNull();
  });
});

describe('forum: protections in the seed order (D10–D15)', () => {
  it('D10: the office guard comes first — the Anti-mafia of an office member is not spent', () => {
    const g = withItems(given(), 6, { antimafia: 1 });
    const r = night(g, [order(1, 'nagant', 6)], [guard(4, 'guardOffice')]);
    expect(r.lines[0]).toMatchObject({ victim: 6, done: false, reason: 'officeGuard' });
    expect(r.state.purses[6].items.antimafia).toBe(1);
  });

  it('D10: the Commissar guarded by his Assistant — the attackers die', () => {
    const r = night(given(), [order(1, 'nagant', 4), order(2, 'nagant', 4)], [guard(5, 'guardCommissar')]);
    expect(r.deaths).toEqual([
      { seat: 1, how: 'killed' },
      { seat: 2, how: 'killed' },
    ]);
    expect(r.lines[0]).toMatchObject({ victim: 4, done: false, reason: 'assistant' });
  });

  it('D10: the Necromancer guarded by the Apostate is saved', () => {
    const g = given({ 9: 'necromancer', 10: 'apostate' });
    const r = night(g, [order(1, 'nagant', 9)], [guard(10, 'guardNecromancer')]);
    expect(r.deaths).toEqual([]);
    expect(r.lines[0]).toMatchObject({ reason: 'apostate' });
  });

  it("D10: Anti-mafia comes before the Maniac's den, the den before elixir and vest", () => {
    const g = withItems(given({ 9: 'maniac' }), 8, { antimafia: 1, elixir: 1, vest: 1 });
    const first = night(g, [order(1, 'nagant', 8)], [guard(9, 'den', 8)]);
    expect(first.lines[0]).toMatchObject({ reason: 'antimafia' });
    expect(first.state.purses[8].items).toMatchObject({ antimafia: 0, elixir: 1, vest: 1 });
    const second = resolveForumNight(
      first.state,
      g.table,
      { round: 2, orders: [order(1, 'nagant', 8)], acts: [guard(9, 'den', 8)], seed: 1 },
      g.settings,
    );
    expect(second.lines[0]).toMatchObject({ reason: 'den' });
    expect(second.deaths).toEqual([{ seat: 1, how: 'killed' }]);
  });

  it("D10: the Killer's self-defence before elixir, elixir before the vest", () => {
    const g = withItems(given({ 9: 'killer' }), 9, { elixir: 1, vest: 1 });
    const first = night(g, [order(1, 'nagant', 9)]);
    expect(first.lines[0]).toMatchObject({ reason: 'selfDefence' });
    const next = (s: ForumState, round: number) =>
      resolveForumNight(
        s,
        g.table,
        { round, orders: [order(1, 'nagant', 9)], acts: [], seed: 1 },
        g.settings,
      );
    const second = next(first.state, 2);
    expect(second.lines[0]).toMatchObject({ reason: 'elixir' });
    const third = next(second.state, 3);
    expect(third.lines[0]).toMatchObject({ reason: 'vest' });
    expect(next(third.state, 4).deaths).toEqual([{ seat: 9, how: 'shot' }]);
  });

  it('D10: the automatic den kills whoever shoots the Maniac with a nagant', () => {
    const r = night(given({ 9: 'maniac' }), [order(1, 'nagant', 9)]);
    expect(r.lines[0]).toMatchObject({ reason: 'autoDen' });
    expect(r.deaths).toEqual([{ seat: 1, how: 'killed' }]);
  });

  it('D11: the rifle passes one vest and the automatic den; two vests stop it', () => {
    const g = withPoints(withItems(given({ 9: 'maniac' }), 8, { vest: 1 }), [1], 4);
    expect(night(g, [order(1, 'rifle', 8)]).deaths).toEqual([{ seat: 8, how: 'shot' }]);
    expect(night(g, [order(1, 'rifle', 9)]).deaths).toEqual([{ seat: 9, how: 'shot' }]);
    const twice = withItems(g, 8, { vest: 2 });
    const r = night(twice, [order(1, 'rifle', 8)]);
    expect(r.lines[0]).toMatchObject({ done: false, reason: 'vest' });
    expect(r.state.purses[8].items.vest).toBe(0);
  });

  it('D12: a planted mine prints only the warning; whoever acts on its carrier dies, whatever he holds', () => {
    // given level 1 (one mine); when the mafia mines the civilian and the Girl, in a vest, knocks him
    const g = withItems(withPoints(given(), [1], 4), 7, { vest: 1, elixir: 1 });
    const r = night(g, [order(1, 'mine', 8)], [knock(7, 8)]);
    expect(mafiaLines(r)).toEqual([{ form: 'mineWarning' }]);
    expect(lineText(r.lines[0], 'ru', String)).toBe(
      'Была установлена мина на жителя города. Будьте аккуратны при выборе жертвы.',
    );
    expect(r.deaths).toEqual([{ seat: 7, how: 'killed' }]);
    expect(r.state.mine).toBeNull();
  });

  it('D12: an untouched mine waits for the first attack on a later night', () => {
    const g = withPoints(given(), [1], 4);
    const planted = night(g, [order(1, 'mine', 6)]);
    expect(planted.state.mine).toEqual({ carrier: 6, round: 1 });
    const later = resolveForumNight(
      planted.state,
      g.table,
      { round: 2, orders: [], acts: [knock(7, 6)], seed: 1 },
      g.settings,
    );
    expect(later.deaths).toEqual([{ seat: 7, how: 'killed' }]);
    expect(later.state.mine).toBeNull();
  });

  it("D12: the Doctor's office guard does not stop the mine, the Commissar's does", () => {
    const g = withPoints(given(), [1], 4);
    expect(night(g, [order(1, 'mine', 6)], [guard(6, 'guardOffice')]).state.mine).toEqual({
      carrier: 6,
      round: 1,
    });
    const r = night(g, [order(1, 'mine', 6)], [guard(4, 'guardOffice')]);
    expect(r.state.mine).toBeNull();
    expect(mafiaLines(r)).toEqual([
      { form: 'move', move: 'mine', victim: null, done: false, reason: 'officeGuard' },
    ]);
  });

  it('D12: never on the lair, once a game, lost when its carrier is hanged', () => {
    const g = withPoints(given({ 9: 'journalist' }), [1], 4);
    expect(orderRefusal(g.state, g.table, order(1, 'mine', 9), g.settings)).toMatchObject({
      code: 'bad_target',
    });
    const planted = night(g, [order(1, 'mine', 8)]);
    expect(orderRefusal(planted.state, g.table, order(1, 'mine', 6), g.settings)).toMatchObject({
      code: 'not_allowed',
    });
    expect(withoutMineOn(planted.state, 8).mine).toBeNull();
  });

  it('D15: blowing up the office kills everyone in it, unless the office is guarded', () => {
    const g = withPoints(given(), [1], 18);
    const r = night(g, [order(1, 'blowOffice')]);
    expect(r.deaths.map((d) => d.seat)).toEqual([4, 5, 6]);
    expect(r.lines).toEqual([{ form: 'move', move: 'blowOffice', victim: null, done: true, reason: null }]);
    const guarded = night(g, [order(1, 'blowOffice')], [guard(6, 'guardOffice')]);
    expect(guarded.deaths).toEqual([]);
    expect(guarded.lines[0]).toMatchObject({ done: false, reason: 'officeGuard' });
  });

  it('D15: which roles sit in the office is a setting', () => {
    const g = withPoints(given({}, { ...FORUM_DEFAULTS, office: ['commissar'] }), [1], 18);
    expect(night(g, [order(1, 'blowOffice')]).deaths.map((d) => d.seat)).toEqual([4]);
  });
});

describe('forum: points and levels (D5, D6, D8, D16, D2)', () => {
  it('D8: points go only to those who ordered, had the level and were not knocked down', () => {
    const g = given();
    const r = night(g, [order(1, 'nagant', 8), order(2, 'nagant', 8)], [knock(7, 2)]);
    expect([1, 2, 3].map((s) => r.state.purses[s].points)).toEqual([2, 0, 0]);
  });

  it('D5: a hanging earns points only for the mafiosi who voted for the hanged', () => {
    const g = given();
    expect(hangingEarners(g.table, 8, { 1: 8, 2: 6, 4: 8 })).toEqual([1]);
  });

  it('D6: active moves come to the whole mafia once; passive items to each by his own level', () => {
    // when seat 1 reaches level 2, then seat 2 does
    const one = earn(given().state, given().table, [1], 10, FORUM_DEFAULTS);
    const both = earn(one, given().table, [2], 10, FORUM_DEFAULTS);
    // then the mafia got one rifle, one mine and one double kill, not two of each
    expect(both.stock).toMatchObject({ rifle: 1, mine: 1, doubleKill: 1 });
    // and each of the two got the level-2 vest, the laggard seat 3 nothing
    expect([1, 2, 3].map((s) => both.purses[s].items.vest)).toEqual([1, 1, 0]);
  });

  it('D16: a mafioso buys a level with his own MafBucks; the points are his alone', () => {
    const g = withPoints(given(), [1], 8);
    const after = buy(g.state, g.table, 1, 'level', g.settings);
    if ('code' in after) throw new Error(after.message);
    expect(after.purses[1]).toMatchObject({ points: 10, bucks: 0, level: 2 });
    expect(after.purses[2].points).toBe(0);
  });

  it("D16: the shop's level limits apply to each mafioso by his own level", () => {
    const g = withPoints(given(), [1, 2], 6);
    expect(buy(g.state, g.table, 1, 'antimafia', g.settings)).toMatchObject({ code: 'not_allowed' });
    const rich = withPoints(g, [1], 4);
    const after = buy(rich.state, rich.table, 1, 'antimafia', rich.settings);
    expect('code' in after ? after : after.purses[1].items.antimafia).toBe(1);
  });

  it('D2: a lair member at the training level becomes a mafioso with his points and his level items', () => {
    const g = given({ 9: 'agent' });
    const state = structuredClone(g.state);
    Object.assign(state.purses[9], { points: 10, items: { vest: 0, elixir: 1, antimafia: 0 } });
    expect(mayTrain(state, g.table, 9, g.settings)).toBe(true);
    const trained = train(state, g.table, 9, g.settings);
    expect(trained.purses[9]).toMatchObject({ points: 10, level: 2, items: { vest: 1, elixir: 1 } });
    expect(mayTrain(g.state, g.table, 9, g.settings)).toBe(false);
  });
});

describe('forum: the win (D1, D16) and the newspaper', () => {
  it('D1: the lair takes the city when no attacker is left and it outnumbers the neutrals', () => {
    const g = given();
    expect(forumWinner(g.state, { ...g.table, alive: [1, 2, 3, 6, 7] }, g.settings)).toBe('mafia');
    expect(forumWinner(g.state, { ...g.table, alive: [1, 6, 7] }, g.settings)).toBeNull();
    expect(forumWinner(g.state, { ...g.table, alive: [1, 2, 4, 6] }, g.settings)).toBeNull();
  });

  it('D1: the town wins when the lair is gone', () => {
    const g = given();
    expect(forumWinner(g.state, { ...g.table, alive: [4, 5, 6] }, g.settings)).toBe('town');
  });

  it('D16: the lair wins on points when a living mafioso reaches the victory points', () => {
    const g = withPoints(given(), [3], 60);
    expect(forumWinner(g.state, g.table, g.settings)).toBe('mafia');
    expect(forumWinner(g.state, { ...g.table, alive: [1, 2, 4, 5, 6, 7, 8] }, g.settings)).toBeNull();
  });

  it("the newspaper prints each move in the seed's form and keeps every morning", () => {
    const g = withItems(given(), 8, { vest: 1 });
    const r = night(g, [order(1, 'nagant', 8)]);
    const names = (seat: number) => `Player${seat}`;
    expect(lineText(r.lines[0], 'ru', names)).toBe(
      'Мафия – выстрел из нагана – Player8 – не выполнено – бронежилет',
    );
    expect(lineText(r.lines[0], 'en', names)).toBe(
      'Mafia – nagant shot – Player8 – not done – bulletproof vest',
    );
    const next = resolveForumNight(
      r.state,
      g.table,
      { round: 2, orders: [order(1, 'nagant', 8)], acts: [], seed: 1 },
      g.settings,
    );
    expect(next.state.newspaper.map((p) => p.round)).toEqual([1, 2]);
  });
});
