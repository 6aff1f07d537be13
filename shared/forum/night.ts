import type { Seat } from '../domain/vocabulary.js';
import { seededRandom } from '../engine/random.js';
import { ARSENAL } from './arsenal.js';
import type { ActReason, NewspaperLine, NotDoneReason } from './newspaper.js';
import { jointOrder, type MafiaOrder, type OrderedShot } from './order.js';
import { inOffice, officeGuarded, PROTECTIONS, type Shelter } from './protections.js';
import { earn } from './purse.js';
import { actReports } from './reports.js';
import { FORUM_ABILITIES, type GuardId, type ItemId, isStrike, type MoveId } from './roles.js';
import type { ForumSettings } from './settings.js';
import {
  type ForumState,
  type ForumTable,
  isLair,
  type KnockReport,
  orderRefusal,
  seatsOf,
} from './state.js';
import { STRIKES } from './strikes.js';

/** A night ability of another role: a knock-down, a guard, the Maniac's den, a strike (seed 003). */
export interface ForumAct {
  seat: Seat;
  ability: GuardId;
  target: Seat | null;
}

export interface ForumNight {
  round: number;
  orders: readonly MafiaOrder[];
  acts: readonly ForumAct[];
  /** The night's seed for the knock-downs' chance (D4): from the game's seed and the round, so replay draws the same. */
  seed: number;
}

export interface ForumNightReport {
  round: number;
  lines: NewspaperLine[];
  /** Deaths of the night, ascending: `shot` by a shot or a bite, `killed` by a mine, the poison, a den or a guard. */
  deaths: Array<{ seat: Seat; how: 'shot' | 'killed' }>;
  knocks: KnockReport[];
  /** The holdings after the night: items spent, uses spent, points earned, the mine planted or gone. */
  state: ForumState;
}

/** Whom an act touches: its target, or the role it guards (the mine fires on both, D12). */
const touched = (table: ForumTable, act: ForumAct): Seat[] => {
  if (act.target !== null) return [act.target];
  const role = FORUM_ABILITIES[act.ability].actsOn;
  return role ? seatsOf(table, role) : [];
};

type Outcome = { done: boolean; reason: ActReason | null };

/**
 * One forum night (D4, D7, D10–D17). In order:
 * 1. an armed mine meets whoever not of the lair acts on its carrier: he dies whatever he holds, and his
 *    act comes to nothing — the carrier's own move stands (D12);
 * 2. knock-downs land by chance (`knockChance`, drawn from the game's seed, D4), a condom stops the Girl's
 *    (D19); a knocked-down player's order or act comes to nothing;
 * 3. the mafia's one move from its orders, each shot against the move's protections in priority order
 *    (a mine planted now meets tonight's touchers at once); points to the mafiosi credited;
 * 4. the Maniac's poison: whoever acts on its carrier dies (D12);
 * 5. the town's strikes, each against its row's protections (strikes.ts): the shots kill, the paralysis
 *    takes the next day's vote and the next night's move;
 * 6. one newspaper line per move, the mafia's and every other's, done or not and why; and each player's own
 *    report of his act (whether his guard stopped an attack), for him alone.
 * Pure: the holdings come back in `state`.
 */
export function resolveForumNight(
  before: ForumState,
  table: ForumTable,
  night: ForumNight,
  settings: ForumSettings,
): ForumNightReport {
  let state: ForumState = structuredClone(before);
  const living = (seat: Seat) => table.alive.includes(seat);
  const acts = night.acts.filter((a) => living(a.seat));
  // D7: an order from a mafioso without the level for it, or for a move the mafia lacks, is no order.
  const orders = night.orders.filter((o) => orderRefusal(state, table, o, settings) === null);
  const deaths = new Map<Seat, 'shot' | 'killed'>();
  const die = (seat: Seat, how: 'shot' | 'killed') => {
    if (!deaths.has(seat)) deaths.set(seat, how);
  };
  const outcomes = new Map<ForumAct, Outcome>();
  const settle = (a: ForumAct, reason: ActReason | null) => {
    if (!outcomes.has(a)) outcomes.set(a, { done: reason === null, reason });
  };
  const mineTouches = (carrier: Seat, among: readonly ForumAct[]) =>
    among.filter((a) => !isLair(table, a.seat) && touched(table, a).includes(carrier));

  // 1. The mine laid on an earlier night.
  const carrier = state.mine && living(state.mine.carrier) ? state.mine.carrier : null;
  const mined = carrier === null ? [] : mineTouches(carrier, acts);
  for (const a of mined) {
    die(a.seat, 'killed');
    settle(a, 'mine');
  }
  if (mined.length > 0) state.mine = null;
  const live = acts.filter((a) => !mined.includes(a));

  // 2. Knock-downs.
  const draw = seededRandom(night.seed);
  const knocked = new Set<Seat>();
  const knocks: KnockReport[] = [];
  for (const a of live.filter((x) => x.ability === 'knock')) {
    const target = a.target as Seat;
    const awake = orders.some((o) => o.seat === target) || acts.some((x) => x.seat === target);
    const chance = draw() < settings.knockChance;
    const reason: ActReason | null =
      table.roles[a.seat] === 'girl' && spendItem(state, target, 'condom')
        ? 'condom'
        : chance
          ? null
          : 'missed';
    if (reason === null) knocked.add(target);
    knocks.push({ seat: a.seat, target, awake, landed: reason === null });
    settle(a, reason);
  }
  for (const a of live) if (knocked.has(a.seat)) settle(a, 'knockedDown');
  const standing = live.filter((a) => !knocked.has(a.seat));
  const shelter: Shelter = { table, settings, state, acts: standing };

  // 3. The mafia's move.
  const lines: NewspaperLine[] = [];
  const joint = jointOrder(orders, knocked);
  const voided = new Set<ForumAct>();
  if (joint.kind === 'notDone') {
    lines.push(...notDoneLines(joint.move, joint.victims, joint.reason));
  } else if (joint.kind === 'done') {
    state.used[joint.move] += 1;
    if (joint.move !== 'nagant') state.stock[joint.move] -= 1;
    const result = carryOut(shelter, joint.move, joint.shots, table, die, (seat) => deaths.has(seat));
    lines.push(...result.lines);
    if (joint.move === 'mine' && result.planted !== null) {
      state.mine = { carrier: result.planted, round: night.round };
      const hit = mineTouches(result.planted, live);
      for (const a of hit) {
        die(a.seat, 'killed');
        voided.add(a);
        settle(a, 'mine');
      }
      if (hit.length > 0) state.mine = null;
    }
    const earned = (seats: Seat[], times: number) => {
      if (times > 0) state = earn(state, table, seats, settings.movePoints[joint.move] * times, settings);
    };
    if (joint.move === 'mine') earned(joint.credited, result.planted !== null ? 1 : 0);
    else if (joint.move === 'blowOffice') earned(joint.credited, result.killed.length);
    else for (const shot of joint.shots) earned(shot.attackers, result.killed.includes(shot) ? 1 : 0);
  }
  shelter.state = state;

  // 4. The poison: laid before, or tonight by a Maniac whose act stands.
  const striking = standing.filter((a) => !voided.has(a) && isStrike(a.ability));
  const laid = striking.find((a) => a.ability === 'poison' && a.target !== null);
  if (laid) {
    state.poisonUsed[laid.seat] = (state.poisonUsed[laid.seat] ?? 0) + 1;
    state.poison = { carrier: laid.target as Seat, by: laid.seat, round: night.round };
    settle(laid, null);
  }
  const poison = state.poison && living(state.poison.carrier) ? state.poison : null;
  if (poison) {
    const byActs = live.filter((a) => a.seat !== poison.by && touched(table, a).includes(poison.carrier));
    const byOrders = orders.filter((o) => !knocked.has(o.seat) && o.targets.includes(poison.carrier));
    for (const a of byActs) die(a.seat, 'killed');
    for (const o of byOrders) die(o.seat, 'killed');
    if (byActs.length + byOrders.length > 0) state.poison = null;
  }

  // 5. The town's strikes.
  for (const a of striking) {
    const { ability, target } = a;
    if (!isStrike(ability) || ability === 'poison' || target === null) continue;
    const strike = STRIKES[ability];
    if (deaths.has(target)) {
      settle(a, 'alreadyDead');
      continue;
    }
    const stop = strike.protections.find((p) => PROTECTIONS[p].stops(shelter, { move: ability, target }));
    if (stop) {
      if (PROTECTIONS[stop].attackerDies) die(a.seat, 'killed');
      settle(a, stop);
      continue;
    }
    if (strike.effect === 'kill') die(target, 'shot');
    if (strike.effect === 'paralyse') state.paralysed.push({ seat: target, round: night.round + 1 });
    settle(a, null);
  }
  for (const a of acts) settle(a, null);

  // 6. The paper: the mafia's lines, then every other move in the order it was given.
  for (const a of acts) {
    const o = outcomes.get(a) as Outcome;
    lines.push({ form: 'act', role: table.roles[a.seat], ability: a.ability, victim: a.target, ...o });
  }
  if (state.mine && deaths.has(state.mine.carrier)) state.mine = null;
  if (state.poison && deaths.has(state.poison.carrier)) state.poison = null;
  state.newspaper.push({ round: night.round, lines });
  state.knocks.push(...knocks.map((k) => ({ ...k, round: night.round })));
  const settled = acts.map((a) => ({ ...a, ...(outcomes.get(a) as Outcome) }));
  // A log folded before the reports were kept holds none.
  state.reports = [...(state.reports ?? []), ...actReports(settled, lines, table, night.round)];
  state.tonight = [];
  return {
    round: night.round,
    lines,
    deaths: [...deaths].map(([seat, how]) => ({ seat, how })).sort((a, b) => a.seat - b.seat),
    knocks,
    state,
  };
}

/** Spends one of `seat`'s items, in place; false when he holds none. */
function spendItem(state: ForumState, seat: Seat, item: ItemId): boolean {
  const purse = state.purses[seat];
  if (!purse || purse.items[item] < 1) return false;
  purse.items[item] -= 1;
  return true;
}

function notDoneLines(move: MoveId, victims: Seat[], reason: NotDoneReason): NewspaperLine[] {
  if (move === 'doubleKill' || move === 'tripleKill') {
    if (victims.length > 0)
      return victims.map((victim) => ({ form: 'kill', move, victim, done: false, reason }));
  }
  const victim = move === 'mine' || move === 'blowOffice' ? null : (victims[0] ?? null);
  return [{ form: 'move', move, victim, done: false, reason }];
}

interface Carried {
  lines: NewspaperLine[];
  killed: OrderedShot[];
  planted: Seat | null;
}

/** The move against its protections (D10–D15), shot by shot, spending what saves. */
function carryOut(
  shelter: Shelter,
  move: MoveId,
  shots: readonly OrderedShot[],
  table: ForumTable,
  die: (seat: Seat, how: 'shot' | 'killed') => void,
  dead: (seat: Seat) => boolean,
): Carried {
  if (move === 'blowOffice') {
    if (officeGuarded(shelter, move)) {
      return {
        lines: [{ form: 'move', move, victim: null, done: false, reason: 'officeGuard' }],
        killed: [],
        planted: null,
      };
    }
    const inside = table.alive.filter((seat) => inOffice(shelter, seat));
    for (const seat of inside) die(seat, 'shot');
    const killed = inside.map((target) => ({ target, attackers: [] }));
    return { lines: [{ form: 'move', move, victim: null, done: true, reason: null }], killed, planted: null };
  }
  const killed: OrderedShot[] = [];
  const outcome = new Map<Seat, { done: boolean; reason: NotDoneReason | null }>();
  let planted: Seat | null = null;
  for (const shot of shots) {
    if (dead(shot.target)) continue;
    if (shot.attackers.length === 0) {
      outcome.set(shot.target, outcome.get(shot.target) ?? { done: false, reason: 'knockedDown' });
      continue;
    }
    const stop = ARSENAL[move].protections.find((p) =>
      PROTECTIONS[p].stops(shelter, { move, target: shot.target }),
    );
    if (stop) {
      if (PROTECTIONS[stop].attackerDies) for (const seat of shot.attackers) die(seat, 'killed');
      if (!outcome.get(shot.target)?.done) outcome.set(shot.target, { done: false, reason: stop });
      continue;
    }
    outcome.set(shot.target, { done: true, reason: null });
    if (move === 'mine') planted = shot.target;
    else {
      die(shot.target, 'shot');
      killed.push(shot);
    }
  }
  const lines: NewspaperLine[] = [...outcome].map(([victim, o]) =>
    move === 'doubleKill' || move === 'tripleKill'
      ? { form: 'kill', move, victim, ...o }
      : move === 'mine'
        ? o.done
          ? { form: 'mineWarning' }
          : { form: 'move', move, victim: null, ...o }
        : { form: 'move', move, victim, ...o },
  );
  return { lines, killed, planted };
}
