import type { Seat } from '../domain/vocabulary.js';
import { ARSENAL } from './arsenal.js';
import type { MoveId } from './roles.js';

/** One mafioso's order for tonight (D4, D7): a move and its target(s); none for blowing up the office. */
export interface MafiaOrder {
  seat: Seat;
  move: MoveId;
  targets: Seat[];
}

/** One shot of a move, and the mafiosi whose standing orders fire it (they earn its points, D8). */
export interface OrderedShot {
  target: Seat;
  attackers: Seat[];
}

export type JointOrder =
  | { kind: 'none' }
  | { kind: 'notDone'; move: MoveId; victims: Seat[]; reason: 'knockedDown' | 'splitOrders' }
  | { kind: 'done'; move: MoveId; shots: OrderedShot[]; credited: Seat[] };

const sameTargets = (a: MafiaOrder, b: MafiaOrder) =>
  a.targets.length === b.targets.length && a.targets.every((t, i) => t === b.targets[i]);

/**
 * The mafia's one move of the night from its orders (D4). Orders are those of mafiosi allowed to give them
 * (D7); `knocked` are the seats whose orders the Girl, the Hacker or the Psycho knocked down.
 * - Every order must be the same move at the same target(s), knocked down or not (cases 5, 6).
 * - The move is done if at least one order stands (cases 1, 4), not if every order was knocked (2, 3).
 * - Double and triple kills: each mafioso may name his own victims, or all may fire at one; a lone mafioso
 *   may name them all. Named victims beyond the move's shots split it; a victim fires only if some standing
 *   order named him; one victim named by all takes every shot.
 */
export function jointOrder(orders: readonly MafiaOrder[], knocked: ReadonlySet<Seat>): JointOrder {
  if (orders.length === 0) return { kind: 'none' };
  const move = orders[0].move;
  const victims = [...new Set(orders.flatMap((o) => o.targets))];
  const { shots } = ARSENAL[move];
  const split = orders.some((o) => o.move !== move);
  if (split) return { kind: 'notDone', move, victims: [], reason: 'splitOrders' };
  const several = shots > 1;
  if (several ? victims.length > shots : orders.some((o) => !sameTargets(o, orders[0]))) {
    return { kind: 'notDone', move, victims, reason: 'splitOrders' };
  }
  const standing = orders.filter((o) => !knocked.has(o.seat));
  if (standing.length === 0) return { kind: 'notDone', move, victims, reason: 'knockedDown' };
  const credited = standing.map((o) => o.seat);
  if (several && victims.length === 1) {
    return {
      kind: 'done',
      move,
      shots: Array.from({ length: shots }, () => ({ target: victims[0], attackers: credited })),
      credited,
    };
  }
  const fired = victims.map((target) => ({
    target,
    attackers: standing.filter((o) => o.targets.includes(target)).map((o) => o.seat),
  }));
  return { kind: 'done', move, shots: fired, credited };
}
