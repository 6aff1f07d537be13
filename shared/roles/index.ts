import type { RoleId, TeamId } from '../domain/vocabulary.js';

export type AbilityId = 'shoot' | 'check' | 'heal' | 'guard' | 'block' | 'kill';

/** A group that wakes together at night; the wake order of a rule set lists these. */
export type WakeGroup =
  | 'lover'
  | 'mafia'
  | 'don'
  | 'sheriff'
  | 'patrolman'
  | 'doctor'
  | 'bodyguard'
  | 'maniac'
  | 'yakuza';

export interface Ability {
  id: AbilityId;
  wake: WakeGroup;
  /** Every living member of the wake group must act, all on one target (A5, C4). */
  joint?: boolean;
}

export interface RoleDef {
  id: RoleId;
  team: TeamId;
  /** The colour a Sheriff's check reports (sport's red / black). */
  black: boolean;
  /** Members of the same team wake together and know each other (B3, C10). */
  knowsTeam: boolean;
  abilities: readonly Ability[];
}

const mafiaShot: Ability = { id: 'shoot', wake: 'mafia', joint: true };

export const ROLES: Record<RoleId, RoleDef> = {
  civilian: { id: 'civilian', team: 'town', black: false, knowsTeam: false, abilities: [] },
  mafia: { id: 'mafia', team: 'mafia', black: true, knowsTeam: true, abilities: [mafiaShot] },
  don: {
    id: 'don',
    team: 'mafia',
    black: true,
    knowsTeam: true,
    abilities: [mafiaShot, { id: 'check', wake: 'don' }],
  },
  sheriff: {
    id: 'sheriff',
    team: 'town',
    black: false,
    knowsTeam: false,
    abilities: [{ id: 'check', wake: 'sheriff' }],
  },
  patrolman: {
    id: 'patrolman',
    team: 'town',
    black: false,
    knowsTeam: false,
    abilities: [{ id: 'check', wake: 'patrolman' }],
  },
  doctor: {
    id: 'doctor',
    team: 'town',
    black: false,
    knowsTeam: false,
    abilities: [{ id: 'heal', wake: 'doctor' }],
  },
  bodyguard: {
    id: 'bodyguard',
    team: 'town',
    black: false,
    knowsTeam: false,
    abilities: [{ id: 'guard', wake: 'bodyguard' }],
  },
  lover: {
    id: 'lover',
    team: 'town',
    black: false,
    knowsTeam: false,
    abilities: [{ id: 'block', wake: 'lover' }],
  },
  maniac: {
    id: 'maniac',
    team: 'maniac',
    black: false,
    knowsTeam: false,
    abilities: [{ id: 'kill', wake: 'maniac' }],
  },
  mason: { id: 'mason', team: 'town', black: false, knowsTeam: true, abilities: [] },
  yakuza: {
    id: 'yakuza',
    team: 'yakuza',
    black: true,
    knowsTeam: true,
    abilities: [{ id: 'shoot', wake: 'yakuza', joint: true }],
  },
  jester: { id: 'jester', team: 'jester', black: false, knowsTeam: false, abilities: [] },
  werewolf: { id: 'werewolf', team: 'mafia', black: false, knowsTeam: false, abilities: [] },
};

/** Accepts the aliases other rule sets use (the Commissar is the Sheriff). */
export function roleIdOf(name: string): RoleId | null {
  if (name === 'commissar') return 'sheriff';
  return name in ROLES ? (name as RoleId) : null;
}

export function abilityOf(role: RoleId, ability: AbilityId): Ability | undefined {
  return ROLES[role].abilities.find((a) => a.id === ability);
}

/** Roles whose checks the Don looks for (C24: the Patrolman replaces the Commissar). */
export const SHERIFF_LIKE: readonly RoleId[] = ['sheriff', 'patrolman'];
