import type { Rejection, Seat } from '../domain/vocabulary.js';
import { FORUM_ROLES, ITEM_IDS } from './roles.js';
import type { ForumSettings } from './settings.js';
import { type ForumState, type ForumTable, isMafioso, levelFor, paralysedIn } from './state.js';

const copy = (state: ForumState): ForumState => structuredClone(state);

/**
 * Points (and as many MafBucks) to each of these seats; then the levels they reach bring their grants: each
 * mafioso his passive items at his own level, the whole mafia its active moves once, when the first mafioso
 * reaches a level (D6).
 */
export function earn(
  state: ForumState,
  table: ForumTable,
  seats: readonly Seat[],
  points: number,
  settings: ForumSettings,
): ForumState {
  const next = copy(state);
  for (const seat of seats) {
    const purse = next.purses[seat];
    if (!purse) continue;
    purse.points += points;
    purse.bucks += points * settings.bucksPerPoint;
  }
  return grantLevels(next, table, settings);
}

/** Hands out what the levels reached bring (D6), in place on a copy the caller owns. */
function grantLevels(state: ForumState, table: ForumTable, settings: ForumSettings): ForumState {
  for (const [key, purse] of Object.entries(state.purses)) {
    if (!isMafioso(table, Number(key))) continue;
    const level = levelFor(purse.points, settings);
    for (const grant of settings.passiveGrants) {
      if (grant.level > purse.level && grant.level <= level) purse.items[grant.item] += grant.count;
    }
    purse.level = Math.max(purse.level, level);
    if (level > state.topLevel) {
      for (const grant of settings.activeGrants) {
        if (grant.level > state.topLevel && grant.level <= level) state.stock[grant.move] += grant.uses;
      }
      state.topLevel = level;
    }
  }
  return state;
}

/** D5: a hanging earns points only for the mafiosi who voted for the hanged player. */
export function hangingEarners(table: ForumTable, hanged: Seat, votes: Record<string, unknown>): Seat[] {
  return Object.entries(votes)
    .filter(([voter, target]) => target === hanged && isMafioso(table, Number(voter)))
    .map(([voter]) => Number(voter))
    .sort((a, b) => a - b);
}

export const PURCHASES = [...ITEM_IDS, 'level'] as const;
export type Purchase = (typeof PURCHASES)[number];

/**
 * D16: a player buys an item or a level with his own MafBucks. A level brings the buyer alone the points to
 * reach it; an item needs the buyer's own level (the shop's limits are per mafioso).
 */
export function buy(
  state: ForumState,
  table: ForumTable,
  seat: Seat,
  what: Purchase,
  settings: ForumSettings,
): ForumState | Rejection {
  const purse = state.purses[seat];
  if (!purse) return { code: 'not_a_player', message: 'only a seated player has a purse' };
  const price = settings.prices[what];
  if (purse.bucks < price) {
    return { code: 'not_allowed', message: `${what} costs ${price} MafBucks, you have ${purse.bucks}` };
  }
  const level = levelFor(purse.points, settings);
  if (what === 'level') {
    const needed = settings.levelPoints[level + 1];
    if (needed === undefined) return { code: 'not_allowed', message: 'you are at the highest level' };
    const next = copy(state);
    next.purses[seat].bucks -= price;
    next.purses[seat].points = needed;
    return grantLevels(next, table, settings);
  }
  return addItem(state, seat, what, price, settings);
}

/** An item into `seat`'s purse for `bucks` MafBucks, when his own level may hold it. */
function addItem(
  state: ForumState,
  seat: Seat,
  what: Exclude<Purchase, 'level'>,
  bucks: number,
  settings: ForumSettings,
): ForumState | Rejection {
  if (levelFor(state.purses[seat].points, settings) < settings.itemLevel[what]) {
    return { code: 'not_allowed', message: `${what} is sold from level ${settings.itemLevel[what]}` };
  }
  const next = copy(state);
  next.purses[seat].bucks -= bucks;
  next.purses[seat].items[what] += 1;
  return next;
}

/**
 * D2: a journalist, agent or lawyer who has reached the training level, or an unfaithful with the training
 * points, may train into a mafioso: he keeps his points and items and gains the passive items of his level.
 */
export function mayTrain(state: ForumState, table: ForumTable, seat: Seat, settings: ForumSettings): boolean {
  const role = table.roles[seat];
  const purse = state.purses[seat];
  if (!role || !purse || !table.alive.includes(seat)) return false;
  const trains = FORUM_ROLES[role].trains;
  if (trains === 'level') return levelFor(purse.points, settings) >= settings.trainLevel;
  if (trains === 'points') return purse.points >= settings.trainPoints;
  return false;
}

/** The holdings once `seat` has trained; the caller records the role change (he is `mafia` from now on). */
export function train(state: ForumState, table: ForumTable, seat: Seat, settings: ForumSettings): ForumState {
  const next = copy(state);
  next.purses[seat].level = 0;
  return grantLevels(next, { ...table, roles: { ...table.roles, [seat]: 'mafia' } }, settings);
}

/**
 * D9: when one mafioso alone is left to move, he may spend his move of the night on an item instead of an
 * order. The move is the price: no MafBucks change hands, but the shop's level limit is his as for any
 * purchase, and the item is his own.
 */
export function buyWithMove(
  state: ForumState,
  table: ForumTable,
  seat: Seat,
  what: Purchase,
  settings: ForumSettings,
  round: number,
): ForumState | Rejection {
  const purse = state.purses[seat];
  if (!purse || !isMafioso(table, seat) || !table.alive.includes(seat))
    return { code: 'not_allowed', message: 'only a living mafioso buys with the move' };
  // D9: «остальные убиты или парализованы» — the paralysed cannot move, so they leave him alone.
  const movers = table.alive.filter((other) => isMafioso(table, other) && !paralysedIn(state, other, round));
  if (movers.length !== 1 || movers[0] !== seat)
    return {
      code: 'not_allowed',
      message: 'only a lone mafioso buys with the move; the lair orders together',
    };
  if (what === 'level') return { code: 'not_allowed', message: 'a move buys an item, not a level' };
  return addItem(state, seat, what, 0, settings);
}

/**
 * D5: a mafioso may spend his vote of the day on an item instead of voting; the item is his own, as one
 * bought with the move (D9): no MafBucks change hands, and his own level limits it.
 */
export function buyWithVote(
  state: ForumState,
  table: ForumTable,
  seat: Seat,
  what: Purchase,
  settings: ForumSettings,
): ForumState | Rejection {
  if (!state.purses[seat] || !isMafioso(table, seat) || !table.alive.includes(seat))
    return { code: 'not_allowed', message: 'only a living mafioso buys with his vote' };
  if (what === 'level') return { code: 'not_allowed', message: 'a vote buys an item, not a level' };
  return addItem(state, seat, what, 0, settings);
}

/** D18: the holders of the executioner's anti-bribe licence who voted for the one hanged. */
export function licenceHolders(state: ForumState, hanged: Seat, votes: Record<string, unknown>): Seat[] {
  return Object.entries(votes)
    .filter(([voter, target]) => target === hanged && (state.purses[voter]?.items.licence ?? 0) > 0)
    .map(([voter]) => Number(voter))
    .sort((a, b) => a - b);
}
