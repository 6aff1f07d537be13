import type { Seat } from '../domain/vocabulary.js';
import { ARSENAL } from './arsenal.js';
import type { NewspaperLine, NotDoneReason } from './newspaper.js';
import { jointOrder, type MafiaOrder, type OrderedShot } from './order.js';
import { inOffice, officeGuarded, PROTECTIONS, type Shelter } from './protections.js';
import { earn } from './purse.js';
import { FORUM_ABILITIES, type GuardId, type MoveId } from './roles.js';
import type { ForumSettings } from './settings.js';
import {
  type ForumState,
  type ForumTable,
  isLair,
  type KnockReport,
  orderRefusal,
  seatsOf,
} from './state.js';

/** A night ability of another role: a knock-down, a guard, the Maniac's den (seed 003). */
export interface ForumAct {
  seat: Seat;
  ability: GuardId;
  target: Seat | null;
}

export interface ForumNight {
  round: number;
  orders: readonly MafiaOrder[];
  acts: readonly ForumAct[];
}

export interface ForumNightReport {
  round: number;
  lines: NewspaperLine[];
  /** Deaths of the night, ascending: `shot` by the mafia, `killed` by a mine, a den or a guard. */
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

/**
 * One forum night (D4, D7, D10–D15): knock-downs first; the armed mine fires on whoever touches its carrier;
 * the mafia's one move from its orders; each shot against the move's protections in priority order; points
 * to the mafiosi credited; one newspaper line per move. Pure: the holdings come back in `state`.
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
  const knocked = new Set(acts.filter((a) => a.ability === 'knock').map((a) => a.target as Seat));
  // D7: an order from a mafioso without the level for it, or for a move the mafia lacks, is no order.
  const orders = night.orders.filter((o) => orderRefusal(state, table, o, settings) === null);
  const knocks = acts
    .filter((a) => a.ability === 'knock')
    .map((a) => ({
      seat: a.seat,
      target: a.target as Seat,
      awake: orders.some((o) => o.seat === a.target) || acts.some((x) => x.seat === a.target),
    }));
  const deaths = new Map<Seat, 'shot' | 'killed'>();
  const die = (seat: Seat, how: 'shot' | 'killed') => {
    if (!deaths.has(seat)) deaths.set(seat, how);
  };
  const standing = acts.filter((a) => !knocked.has(a.seat));
  const shelter: Shelter = { table, settings, state, acts: standing };

  fireMine(shelter, acts, die);

  const lines: NewspaperLine[] = [];
  const joint = jointOrder(orders, knocked);
  if (joint.kind === 'notDone') {
    lines.push(...notDoneLines(joint.move, joint.victims, joint.reason));
  } else if (joint.kind === 'done') {
    state.used[joint.move] += 1;
    if (joint.move !== 'nagant') state.stock[joint.move] -= 1;
    const result = carryOut(shelter, joint.move, joint.shots, table, die, (seat) => deaths.has(seat));
    lines.push(...result.lines);
    if (joint.move === 'mine' && result.planted !== null) {
      state.mine = { carrier: result.planted, round: night.round };
      fireMine(shelter, acts, die);
    }
    const earned = (seats: Seat[], times: number) => {
      if (times > 0) state = earn(state, table, seats, settings.movePoints[joint.move] * times, settings);
    };
    if (joint.move === 'mine') earned(joint.credited, result.planted !== null ? 1 : 0);
    else if (joint.move === 'blowOffice') earned(joint.credited, result.killed.length);
    else for (const shot of joint.shots) earned(shot.attackers, result.killed.includes(shot) ? 1 : 0);
  }
  if (state.mine && deaths.has(state.mine.carrier)) state.mine = null;
  state.newspaper.push({ round: night.round, lines });
  state.knocks.push(...knocks.map((k) => ({ ...k, round: night.round })));
  state.tonight = [];
  return {
    round: night.round,
    lines,
    deaths: [...deaths].map(([seat, how]) => ({ seat, how })).sort((a, b) => a.seat - b.seat),
    knocks,
    state,
  };
}

function notDoneLines(move: MoveId, victims: Seat[], reason: NotDoneReason): NewspaperLine[] {
  if (move === 'doubleKill' || move === 'tripleKill') {
    if (victims.length > 0)
      return victims.map((victim) => ({ form: 'kill', move, victim, done: false, reason }));
  }
  const victim = move === 'mine' || move === 'blowOffice' ? null : (victims[0] ?? null);
  return [{ form: 'move', move, victim, done: false, reason }];
}

/**
 * D12: whoever not of the lair acts on the carrier of an armed mine dies, whatever his protection; the
 * carrier is unharmed by them. The mine then is spent.
 */
function fireMine(shelter: Shelter, acts: readonly ForumAct[], die: (seat: Seat, how: 'killed') => void) {
  const { state, table } = shelter;
  const mine = state.mine;
  if (!mine || !table.alive.includes(mine.carrier)) return;
  const hit = acts.filter((a) => !isLair(table, a.seat) && touched(table, a).includes(mine.carrier));
  if (hit.length === 0) return;
  for (const a of hit) die(a.seat, 'killed');
  state.mine = null;
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
