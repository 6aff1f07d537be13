/**
 * The forum game's roles and abilities (seed 003). Its role ids are its own: the forum's `commissar` guards
 * the office and has an assistant, so it is not the checking Sheriff that other rule sets call Commissar.
 */

import type { TeamId } from '../roles/teams.js';

/** Which side a role stands on for the win (D1): the lair, the attackers it must destroy, or neutral. */
export type ForumSide = 'lair' | 'attacker' | 'neutral';

export const MOVE_IDS = ['nagant', 'rifle', 'mine', 'doubleKill', 'tripleKill', 'blowOffice'] as const;
/** The mafia's moves (D7): one of them, once, each night. */
export type MoveId = (typeof MOVE_IDS)[number];

export const STRIKE_IDS = [
  'commissarShot',
  'citizenShot',
  'killerShot',
  'maniacKill',
  'poison',
  'bite',
  'paralyse',
] as const;
/** The town's attacks and the other roles' harm (D17): each meets the protections of its row (strikes.ts). */
export type StrikeId = (typeof STRIKE_IDS)[number];

export const GUARD_IDS = [
  'knock',
  'guardOffice',
  'guardCommissar',
  'guardNecromancer',
  'den',
  ...STRIKE_IDS,
] as const;
/** The other roles' night abilities in the forum game: knock-downs, guards, the den and the strikes. */
export type GuardId = (typeof GUARD_IDS)[number];

export const isStrike = (ability: string): ability is StrikeId =>
  (STRIKE_IDS as readonly string[]).includes(ability);

export type ForumAbilityId = MoveId | GuardId;
export const FORUM_ABILITY_IDS = [...MOVE_IDS, ...GUARD_IDS] as const;

/** D9: a lone mafioso spends his move of the night on a purchase instead of an order. */
export const BUY_WITH_MOVE = 'buyWithMove';
/** What a player does with his night: a forum ability, or (the lone mafioso, D9) buying with his move. */
export type NightChoice = ForumAbilityId | typeof BUY_WITH_MOVE;

export const isMove = (ability: NightChoice): ability is MoveId =>
  (MOVE_IDS as readonly string[]).includes(ability);

export interface ForumAbilityDef {
  /** How many seats one use names: the least and the most. */
  targets: { min: number; max: number };
  /** Whom the ability acts on when it names nobody (the mine fires on whoever acts on its carrier). */
  actsOn?: ForumRoleId;
}

const one = { min: 1, max: 1 };
const none = { min: 0, max: 0 };

export const FORUM_ABILITIES: Record<ForumAbilityId, ForumAbilityDef> = {
  nagant: { targets: one },
  rifle: { targets: one },
  mine: { targets: one },
  doubleKill: { targets: { min: 1, max: 2 } },
  tripleKill: { targets: { min: 1, max: 3 } },
  blowOffice: { targets: none },
  knock: { targets: one },
  guardOffice: { targets: none },
  guardCommissar: { targets: none, actsOn: 'commissar' },
  guardNecromancer: { targets: none, actsOn: 'necromancer' },
  den: { targets: one },
  commissarShot: { targets: one },
  citizenShot: { targets: one },
  killerShot: { targets: one },
  maniacKill: { targets: one },
  poison: { targets: one },
  bite: { targets: one },
  paralyse: { targets: one },
};

export interface ForumRoleDef {
  side: ForumSide;
  /**
   * One of the attackers the lair must destroy to take the city (D1: «комиссара, стреляющих мирных жителей,
   * кладбища» — the Commissar, the shooting civilians, the cemetery: the Necromancer and his undead).
   */
  attacks: boolean;
  /** A mafioso orders the mafia's moves and earns points and levels (D5–D8). */
  mafioso: boolean;
  /** A lair member who may train into a mafioso (D2): by his level, or (the unfaithful) by his points. */
  trains: 'level' | 'points' | null;
  abilities: readonly ForumAbilityId[];
}

const plain = { mafioso: false, trains: null, abilities: [], attacks: false } as const;

/**
 * The town's side is `attacker` (it wins when the lair is gone); of it, the Commissar, the shooting civilian
 * and the cemetery (the Necromancer and the undead) are the attackers proper (D1). Paralysis is the undead's:
 * in forum mafia the cemetery's zombies paralyse, the Necromancer bites.
 */
export const FORUM_ROLES = {
  mafia: { side: 'lair', mafioso: true, trains: null, abilities: MOVE_IDS, attacks: false },
  journalist: { ...plain, side: 'lair', trains: 'level' },
  agent: { ...plain, side: 'lair', trains: 'level' },
  lawyer: { ...plain, side: 'lair', trains: 'level' },
  unfaithful: { ...plain, side: 'lair', trains: 'points' },
  commissar: { ...plain, side: 'attacker', abilities: ['guardOffice', 'commissarShot'], attacks: true },
  assistant: { ...plain, side: 'attacker', abilities: ['guardCommissar'] },
  civilian: { ...plain, side: 'attacker' },
  shooter: { ...plain, side: 'attacker', abilities: ['citizenShot'], attacks: true },
  necromancer: { ...plain, side: 'attacker', abilities: ['bite'], attacks: true },
  undead: { ...plain, side: 'attacker', abilities: ['paralyse'], attacks: true },
  apostate: { ...plain, side: 'attacker', abilities: ['guardNecromancer'] },
  doctor: { ...plain, side: 'neutral', abilities: ['guardOffice'] },
  psycho: { ...plain, side: 'neutral', abilities: ['guardOffice', 'knock'] },
  girl: { ...plain, side: 'neutral', abilities: ['knock'] },
  hacker: { ...plain, side: 'neutral', abilities: ['knock'] },
  maniac: { ...plain, side: 'neutral', abilities: ['den', 'maniacKill', 'poison'] },
  killer: { ...plain, side: 'neutral', abilities: ['killerShot'] },
} as const satisfies Record<string, ForumRoleDef>;

export type ForumRoleId = keyof typeof FORUM_ROLES;
export const FORUM_ROLE_IDS = Object.keys(FORUM_ROLES) as ForumRoleId[];

const SIDE_TEAMS: Record<ForumSide, TeamId> = { lair: 'mafia', attacker: 'town', neutral: 'neutral' };

/** The team a forum role wins with: its side's (the forum's Doctor and Maniac are neutral, D1). */
export const forumTeamOf = (role: ForumRoleId): TeamId => SIDE_TEAMS[FORUM_ROLES[role].side];

export const ITEM_IDS = ['vest', 'elixir', 'antimafia', 'condom', 'antiundead', 'licence'] as const;
/**
 * What a player holds (D3, D6, D18): protections he spends as they save — a condom against the Girl's
 * knock-down, an anti-undead against the bite and the paralysis — and the executioner's anti-bribe licence,
 * which he keeps and which pays when he voted for the one hanged.
 */
export type ItemId = (typeof ITEM_IDS)[number];

const COMMON_ROLES: readonly string[] = ['mafia', 'civilian', 'doctor', 'maniac'];

/**
 * The forum game deals only its own roles, and its roles beyond the common four (mafioso, civilian, Doctor,
 * Maniac) belong to it alone. Says what is wrong with a list of roles for the forum game (`forumGame`) or for a
 * game of another family, or null.
 */
export function forumRolesProblem(roles: readonly string[], forumGame: boolean): string | null {
  const own = (role: string) => role in FORUM_ROLES;
  const shared = (role: string) => COMMON_ROLES.includes(role);
  if (forumGame) {
    const stranger = roles.find((role) => !own(role));
    return stranger ? `the forum game has no ${stranger}` : null;
  }
  const forumOnly = roles.find((role) => own(role) && !shared(role));
  return forumOnly ? `${forumOnly} plays only in the forum game` : null;
}
