import type { Rejection, Seat } from '../domain/vocabulary.js';
import type { ActReason, NewspaperPage } from './newspaper.js';
import {
  FORUM_ABILITIES,
  FORUM_ROLES,
  type ForumRoleId,
  type GuardId,
  ITEM_IDS,
  type ItemId,
  MOVE_IDS,
  type MoveId,
  type NightChoice,
} from './roles.js';
import type { ForumSettings } from './settings.js';

/** What one player holds: points and level (mafiosi and lair members), MafBucks and items (anyone). */
export interface Purse {
  points: number;
  bucks: number;
  /** The level whose passive items he has received (D6). */
  level: number;
  items: Record<ItemId, number>;
}

declare module '../engine/state.js' {
  interface RuleSetParts {
    /** The forum game's points, levels, items, arsenal, mine and newspaper; null in every other family. */
    forum: ForumState | null;
  }
}

/** The forum game's own part of a game: plain JSON, folded from its events like the rest. */
export interface ForumState {
  purses: Record<string, Purse>;
  /** Uses of each move the mafia holds now (D6); the nagant needs none. */
  stock: Record<MoveId, number>;
  /** Uses of each move spent so far (D7: uses per game). */
  used: Record<MoveId, number>;
  /** The highest level any mafioso has reached: the active grants up to it are given (D6). */
  topLevel: number;
  /** A planted mine waiting for its first attacker (D12), and whether the one mine of the game is gone. */
  mine: { carrier: Seat; round: number } | null;
  /** Uses of the Killer's self-defence spent, by seat. */
  selfDefenceUsed: Record<string, number>;
  /** The Maniac's poison waiting on its carrier (D12: whoever touches him dies), and who laid it. */
  poison: { carrier: Seat; by: Seat; round: number } | null;
  /** Poisonings spent, by the Maniac's seat. */
  poisonUsed: Record<string, number>;
  /** Who is paralysed for the day and night of `round` (D17): his vote and his move do not happen. */
  paralysed: Array<{ seat: Seat; round: number }>;
  /** Votes spent on a purchase (D5): that day the buyer does not vote. */
  votesSpent: Array<{ seat: Seat; round: number }>;
  /** The game's seed for the knock-downs' chance (D4), taken from the deal's; each night draws from it. */
  seed: number;
  newspaper: NewspaperPage[];
  /** Tonight's orders and acts, as given; the night's resolution reads and clears them. */
  tonight: ForumAction[];
  /** What each knock-down told its maker (D7: an ungated mafioso shows asleep), every night so far. */
  knocks: Array<KnockReport & { round: number }>;
  /** What came of each player's own act, every night so far: shown to him alone. */
  reports: ActReport[];
}

/**
 * What came of one player's act of one night, for him alone: done or not and why (as the newspaper says it
 * of his role), and for a guard or the den whether it stopped an attack (`saved`).
 */
export interface ActReport {
  seat: Seat;
  round: number;
  ability: GuardId;
  target: Seat | null;
  done: boolean;
  reason: ActReason | null;
  saved: boolean;
}

/**
 * One order or act of the night: a mafioso's move, or another role's ability, with the seats it names; or
 * the lone mafioso's purchase with his move (D9), with the item he took.
 */
export interface ForumAction {
  seat: Seat;
  ability: NightChoice;
  targets: Seat[];
  item?: ItemId;
}

/**
 * What a knock-down tells the one who made it: whether his target gave an order tonight (D7's "asleep"), and
 * whether the knock-down landed (D4: by chance; a condom stops the Girl's).
 */
export interface KnockReport {
  seat: Seat;
  target: Seat;
  awake: boolean;
  landed: boolean;
}

export interface ForumTable {
  alive: Seat[];
  roles: Record<string, ForumRoleId>;
}

const noItems = (): Record<ItemId, number> =>
  Object.fromEntries(ITEM_IDS.map((id) => [id, 0])) as Record<ItemId, number>;

export function initialForum(
  roles: Record<string, ForumRoleId>,
  settings: ForumSettings,
  seed = 0,
): ForumState {
  const purses: Record<string, Purse> = {};
  for (const [seat, role] of Object.entries(roles)) {
    purses[seat] = {
      points: 0,
      bucks: 0,
      level: 0,
      items: { ...noItems(), ...settings.startingItems[role] },
    };
  }
  const zero = Object.fromEntries(MOVE_IDS.map((id) => [id, 0])) as Record<MoveId, number>;
  return {
    purses,
    stock: { ...settings.startingStock },
    used: zero,
    topLevel: 0,
    mine: null,
    selfDefenceUsed: {},
    poison: null,
    poisonUsed: {},
    paralysed: [],
    votesSpent: [],
    seed,
    newspaper: [],
    tonight: [],
    knocks: [],
    reports: [],
  };
}

export const isMafioso = (t: ForumTable, seat: Seat): boolean =>
  t.roles[seat] !== undefined && FORUM_ROLES[t.roles[seat]].mafioso;

export const isLair = (t: ForumTable, seat: Seat): boolean =>
  t.roles[seat] !== undefined && FORUM_ROLES[t.roles[seat]].side === 'lair';

/** D17: paralysed for the day and night of `round`: his vote and his move do not happen. */
export const paralysedIn = (state: ForumState, seat: Seat, round: number): boolean =>
  state.paralysed.some((p) => p.seat === seat && p.round === round);

export const seatsOf = (t: ForumTable, role: ForumRoleId): Seat[] =>
  t.alive.filter((seat) => t.roles[seat] === role);

/** The mafia may make this move tonight: it holds a use and the game's limit is not reached (D7). */
export function moveAvailable(state: ForumState, move: MoveId, settings: ForumSettings): boolean {
  const limit = settings.usesPerGame[move];
  if (limit !== null && state.used[move] >= limit) return false;
  return move === 'nagant' || state.stock[move] > 0;
}

/** The level a number of points reaches (the level table is ascending). */
export function levelFor(points: number, settings: ForumSettings): number {
  let level = 0;
  settings.levelPoints.forEach((needed, i) => {
    if (points >= needed) level = i;
  });
  return level;
}

/** A mafioso may order a move when his level grants it and the mafia holds it (D7); others count as asleep. */
export const mayOrder = (state: ForumState, seat: Seat, move: MoveId, settings: ForumSettings): boolean =>
  levelFor(state.purses[seat]?.points ?? 0, settings) >= settings.moveLevel[move] &&
  moveAvailable(state, move, settings);

/**
 * Why a mafioso's order cannot stand, or null: a living mafioso with the level for a move the mafia holds
 * (D7), naming as many living seats as the move takes, never a mine on the lair (D12).
 */
export function orderRefusal(
  state: ForumState,
  table: ForumTable,
  order: { seat: Seat; move: MoveId; targets: readonly Seat[] },
  settings: ForumSettings,
): Rejection | null {
  if (!table.alive.includes(order.seat)) return { code: 'dead_player', message: 'the dead give no orders' };
  if (!isMafioso(table, order.seat))
    return { code: 'not_allowed', message: "only a mafioso orders the mafia's move" };
  if (!mayOrder(state, order.seat, order.move, settings)) {
    return {
      code: 'not_allowed',
      message: `${order.move} needs level ${settings.moveLevel[order.move]} and a use left`,
    };
  }
  const { min, max } = FORUM_ABILITIES[order.move].targets;
  if (order.targets.length < min || order.targets.length > max) {
    return {
      code: 'bad_target',
      message: `${order.move} names ${min === max ? min : `${min} to ${max}`} seat(s)`,
    };
  }
  if (order.targets.some((seat) => !table.alive.includes(seat))) {
    return { code: 'bad_target', message: 'a target is not a living player' };
  }
  if (order.move === 'mine' && order.targets.some((seat) => isLair(table, seat))) {
    return { code: 'bad_target', message: 'a mine is never planted on the lair or its allies' };
  }
  return null;
}

/** D12: the mine is lost when its carrier leaves the game (hanged, or poisoned by the Maniac). */
export const withoutMineOn = (state: ForumState, seat: Seat): ForumState =>
  state.mine?.carrier === seat || state.poison?.carrier === seat
    ? {
        ...state,
        mine: state.mine?.carrier === seat ? null : state.mine,
        poison: state.poison?.carrier === seat ? null : state.poison,
      }
    : state;

/** A game's forum holdings, as the engine's fold hands them over: none outside the forum game. */
interface Holder {
  forum?: ForumState | null;
}

/** Tonight's orders and acts so far; none outside the forum game. */
export const tonightOf = ({ forum }: Holder): ForumAction[] => forum?.tonight ?? [];

/** The holdings with one more order or act tonight (nothing outside the forum game). */
export const withOrder = ({ forum }: Holder, action: ForumAction): ForumState | null =>
  forum ? { ...forum, tonight: [...forum.tonight, action] } : null;

/**
 * Moderator-mode undo: tonight's orders and acts back to `kept`; an item bought with a move (D9) that is
 * taken back leaves the buyer's purse again (nothing is spent before the night resolves).
 */
export function takeBackTonight({ forum: state }: Holder, kept: readonly ForumAction[]): ForumState | null {
  if (!state) return null;
  const purses = { ...state.purses };
  for (const action of state.tonight.slice(kept.length)) {
    const purse = purses[action.seat];
    if (!action.item || !purse) continue;
    purses[action.seat] = {
      ...purse,
      items: { ...purse.items, [action.item]: Math.max(0, purse.items[action.item] - 1) },
    };
  }
  return { ...state, purses, tonight: [...kept] };
}
