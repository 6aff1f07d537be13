import { FORUM_ROLES, type ForumRoleId, forumTeamOf } from '../forum/roles.js';
import type { AbilityKey } from './abilities.js';
import type { TeamId } from './teams.js';

export interface RoleDef {
  team: TeamId;
  /** The colour a Sheriff's check reports (sport's red / black). */
  black: boolean;
  /** Holders of the same group wake together on the introduction night and know each other (B3, C10). */
  meets: 'mafia' | 'masons' | 'yakuza' | null;
  abilities: readonly AbilityKey[];
  /** The Don looks for this role (C5; C24: the Patrolman too). */
  sought: boolean;
  /**
   * A sleeper: plays as a red civilian until every holder of `meets: 'mafia'` is gone, then plays as this
   * role — the Werewolf wakes as a mafioso (C14).
   */
  awakensAs?: 'mafia';
}

const plain = { black: false, meets: null, abilities: [], sought: false } as const;

/** A role of the forum game alone: its team is the one the forum's table gives it (one answer per family). */
const forumRow = (role: ForumOnlyRole) => ({
  ...plain,
  team: forumTeamOf(role),
  black: FORUM_ROLES[role].side === 'lair',
});

const TABLE = {
  civilian: { ...plain, team: 'town' },
  mafia: { ...plain, team: 'mafia', black: true, meets: 'mafia', abilities: ['mafiaShot'] },
  don: { ...plain, team: 'mafia', black: true, meets: 'mafia', abilities: ['mafiaShot', 'donCheck'] },
  sheriff: { ...plain, team: 'town', abilities: ['sheriffCheck'], sought: true },
  patrolman: { ...plain, team: 'town', abilities: ['patrolCheck'], sought: true },
  doctor: { ...plain, team: 'town', abilities: ['heal'] },
  bodyguard: { ...plain, team: 'town', abilities: ['guard'] },
  lover: { ...plain, team: 'town', abilities: ['block'] },
  maniac: { ...plain, team: 'maniac', abilities: ['maniacKill'] },
  mason: { ...plain, team: 'town', meets: 'masons' },
  yakuza: { ...plain, team: 'yakuza', black: true, meets: 'yakuza', abilities: ['yakuzaShot'] },
  jester: { ...plain, team: 'jester' },
  werewolf: { ...plain, team: 'mafia', awakensAs: 'mafia' },
  // The forum game's own roles (seed 003): their side and night abilities are the forum's own table's.
  commissar: { ...forumRow('commissar'), sought: true },
  assistant: forumRow('assistant'),
  shooter: forumRow('shooter'),
  necromancer: forumRow('necromancer'),
  undead: forumRow('undead'),
  apostate: forumRow('apostate'),
  psycho: forumRow('psycho'),
  girl: forumRow('girl'),
  hacker: forumRow('hacker'),
  killer: forumRow('killer'),
  journalist: forumRow('journalist'),
  agent: forumRow('agent'),
  lawyer: forumRow('lawyer'),
  unfaithful: forumRow('unfaithful'),
} as const satisfies Record<string, RoleDef>;

type ForumOnlyRole = Exclude<ForumRoleId, 'mafia' | 'civilian' | 'doctor' | 'maniac'>;

export type RoleId = keyof typeof TABLE;
/** The roles by id; the ids are the keys of the table above, one list. */
export const ROLES: Record<RoleId, RoleDef> = TABLE;
export const ROLE_IDS = Object.keys(TABLE) as RoleId[];

/**
 * The role tables of other rule sets name some roles otherwise (the Commissar is the Sheriff). The forum
 * game has a Commissar of its own, who guards the office: there `commissar` is that role, not an alias.
 */
export const ROLE_ALIASES = { commissar: 'sheriff' } as const satisfies Record<string, RoleId>;

export function roleIdOf(name: string, preset?: string): RoleId | null {
  if (name in ROLE_ALIASES && preset !== 'forum') return ROLE_ALIASES[name as keyof typeof ROLE_ALIASES];
  return name in ROLES ? (name as RoleId) : null;
}
