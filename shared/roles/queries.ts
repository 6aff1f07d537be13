import type { Seat } from '../domain/vocabulary.js';
import { ABILITIES, type AbilityKey, type AbilityKind, type Verb, type WakeGroup } from './abilities.js';
import { ROLES, type RoleDef, type RoleId } from './roles.js';
import { TEAMS, type TeamId } from './teams.js';

/**
 * The questions every part of the game asks about seats, answered in one place from the role, ability and
 * team tables. A table is anything with the deal and the living: the game state, a night being resolved.
 */
export interface Table {
  roles: Record<string, RoleId>;
  alive: Seat[];
}

export const roleOf = (t: Table, seat: Seat): RoleId | undefined => t.roles[seat];

/**
 * Seats dealt a role, ascending. Kept per deal object (the engine replaces it only when the deal changes):
 * every view of a round asks for it, and it is read, never changed.
 */
export function dealtSeats(t: Table): readonly Seat[] {
  let seats = dealtOrder.get(t.roles);
  if (seats === undefined) {
    seats = Object.keys(t.roles)
      .map(Number)
      .sort((a, b) => a - b);
    dealtOrder.set(t.roles, seats);
  }
  return seats;
}

const dealtOrder = new WeakMap<object, readonly Seat[]>();

/** A sleeper wakes once nobody who meets with the mafia is left alive (C14). */
const mafiaGone = (t: Table): boolean => !t.alive.some((seat) => ROLES[t.roles[seat]]?.meets === 'mafia');

/** The role a seat plays as now: his own, or for an awakened sleeper the role he wakes as (C14). */
export function playsAs(t: Table, seat: Seat): RoleId | undefined {
  const role = roleOf(t, seat);
  if (!role) return undefined;
  const def: RoleDef = ROLES[role];
  return def.awakensAs && mafiaGone(t) ? def.awakensAs : role;
}

const defNow = (t: Table, seat: Seat): RoleDef | undefined => {
  const role = playsAs(t, seat);
  return role ? ROLES[role] : undefined;
};

/** The team a seat wins with (B12): his role's, whatever he plays as. */
export const teamOf = (t: Table, seat: Seat): TeamId | undefined => {
  const role = roleOf(t, seat);
  return role ? ROLES[role].team : undefined;
};

/** The side a seat counts for in parity now: a sleeping Werewolf counts with the town (C14). */
export function sideNow(t: Table, seat: Seat): TeamId {
  const def = defNow(t, seat);
  if (!def) return 'town';
  return def.awakensAs ? 'town' : def.team;
}

/** The colour a Sheriff's check reports now. */
export const isBlack = (t: Table, seat: Seat): boolean => defNow(t, seat)?.black ?? false;

/** Wakes and shoots with the mafia now: mafiosi, the Don, an awakened Werewolf (A3, C14). */
export const countsAsMafiaNow = (t: Table, seat: Seat): boolean => defNow(t, seat)?.meets === 'mafia';

/** While a member of a threat team lives — a sleeping Werewolf too — the town has not won (C14). */
export const isThreat = (t: Table, seat: Seat): boolean => {
  const team = teamOf(t, seat);
  return team !== undefined && TEAMS[team].threat;
};

export const livingMembersOf = (t: Table, team: TeamId): Seat[] =>
  t.alive.filter((seat) => sideNow(t, seat) === team);

/**
 * The seats a player knows as his own (B3, C10): those dealt into his group, himself excluded. An awakened
 * Werewolf meets nobody: those he would have met are gone.
 */
export function teammatesOf(t: Table, seat: Seat): Seat[] {
  const role = roleOf(t, seat);
  const group = role ? ROLES[role].meets : null;
  if (group === null) return [];
  return dealtSeats(t).filter((x) => x !== seat && ROLES[t.roles[x]].meets === group);
}

/** The abilities a seat holds now; one that replaces a role sleeps while that role lives (C24). */
export function abilitiesOf(t: Table, seat: Seat): AbilityKey[] {
  const def = defNow(t, seat);
  if (!def) return [];
  return def.abilities.filter((key) => {
    const { replaces } = ABILITIES[key];
    return !replaces?.some((role) => t.alive.some((x) => t.roles[x] === role));
  });
}

/** Which of a seat's abilities a verb of `act` means. */
export const abilityFor = (t: Table, seat: Seat, verb: Verb): AbilityKey | undefined =>
  abilitiesOf(t, seat).find((key) => ABILITIES[key].verb === verb);

/**
 * The kind of the ability an action used, read through the actor's dealt role and the role he may wake as,
 * so a past night reads the same whatever happened since (undefined for a verb he never held).
 */
export function kindOf(t: Table, action: { seat: Seat; ability: string }): AbilityKind | undefined {
  const role = roleOf(t, action.seat);
  if (!role) return undefined;
  const { abilities, awakensAs } = ROLES[role];
  const held = awakensAs ? [...abilities, ...ROLES[awakensAs].abilities] : abilities;
  const key = held.find((k) => ABILITIES[k].verb === action.ability);
  return key ? ABILITIES[key].kind : undefined;
}

/** A seat some block of these actions named: whatever he does comes to nothing, a check tells him nothing (E13). */
export const blockedBy = (
  t: Table,
  actions: readonly { seat: Seat; ability: string; target: Seat }[],
  seat: Seat,
) => actions.some((a) => a.target === seat && kindOf(t, a) === 'block');

/** Living seats that wake with a group tonight, ascending. */
export const wakersOf = (t: Table, wake: WakeGroup): Seat[] =>
  t.alive.filter((seat) => abilitiesOf(t, seat).some((key) => ABILITIES[key].wake === wake));

/** The groups with someone alive to wake tonight, in the rule set's order (C12, E13). */
export const wakeGroupsOf = (t: Table, order: readonly WakeGroup[]): WakeGroup[] =>
  order.filter((wake) => wakersOf(t, wake).length > 0);

/**
 * Who wakes for a group on the acquaintance night (E3, C10): those dealt an ability of the group, or those
 * who meet in it; nobody acts, so the Patrolman shows himself though he will check only later.
 */
export const dealtToWake = (t: Table, wake: WakeGroup): Seat[] =>
  t.alive.filter((seat) => {
    const def = ROLES[t.roles[seat]];
    return def.meets === wake || def.abilities.some((key) => ABILITIES[key].wake === wake);
  });

/**
 * The acquaintance night's wake script (E3, C10): each group of the rule set's order that has someone not yet
 * met — the Don wakes with the mafia, so not again alone — then the groups that only meet (the Masons).
 */
export function introGroupsOf(t: Table, order: readonly WakeGroup[]): WakeGroup[] {
  const met = new Set<Seat>();
  const groups: WakeGroup[] = [];
  for (const wake of [...order, 'masons' as const]) {
    const seats = dealtToWake(t, wake).filter((seat) => !met.has(seat));
    if (seats.length === 0) continue;
    groups.push(wake);
    for (const seat of dealtToWake(t, wake)) met.add(seat);
  }
  return groups;
}

/** How many players the deal made mafiosi (A8/A9: the introduction night is for two or more). */
export const mafiaDealt = (t: Pick<Table, 'roles'>): number =>
  Object.values(t.roles).filter((role) => ROLES[role].meets === 'mafia').length;

export const dealHasMafia = (roles: readonly RoleId[]): boolean =>
  roles.some((role) => ROLES[role].meets === 'mafia');
