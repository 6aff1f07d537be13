import type { Seat } from '../domain/vocabulary.js';
import type { ForumRoleId, GuardId, ItemId, MoveId, StrikeId } from './roles.js';
import type { ForumSettings } from './settings.js';
import type { ForumState, ForumTable } from './state.js';

export const PROTECTION_IDS = [
  'officeGuard',
  'assistant',
  'apostate',
  'antimafia',
  'den',
  'autoDen',
  'selfDefence',
  'elixir',
  'vest',
  'antiundead',
] as const;
/** What can stop a move of the mafia or a strike of the town (D3, D10–D15, D17), named as the newspaper gives the reason. */
export type ProtectionId = (typeof PROTECTION_IDS)[number];

/** The night as the protections see it: the deal, the acts that stood (not knocked down), the holdings. */
export interface Shelter {
  table: ForumTable;
  settings: ForumSettings;
  /** Mutable during one night's resolution: items and self-defence are spent as they save. */
  state: ForumState;
  acts: ReadonlyArray<{ seat: Seat; ability: GuardId; target: Seat | null }>;
}

export interface Shot {
  move: MoveId | StrikeId;
  target: Seat;
}

interface ProtectionDef {
  /** The attacker dies when this protection stops him (D10: the Assistant's guard, the Maniac's den). */
  attackerDies: boolean;
  /** Whether it stops this shot; a protection that is spent by saving spends itself here. */
  stops(night: Shelter, shot: Shot): boolean;
}

const acted = (night: Shelter, ability: GuardId, by: readonly ForumRoleId[]) =>
  night.acts.filter((a) => a.ability === ability && by.includes(night.table.roles[a.seat]));

/** Who may guard the office against each move: the mine passes the Doctor's guard (D12). */
export const OFFICE_GUARDS: Record<MoveId, readonly ForumRoleId[]> = {
  nagant: ['commissar', 'psycho', 'doctor'],
  rifle: ['commissar', 'psycho', 'doctor'],
  mine: ['commissar', 'psycho'],
  doubleKill: ['commissar', 'psycho', 'doctor'],
  tripleKill: ['commissar', 'psycho', 'doctor'],
  blowOffice: ['commissar', 'psycho', 'doctor'],
};

/** The office guard is against the mafia only (D3): the town's strikes pass it. */
export const officeGuarded = (night: Shelter, move: MoveId | StrikeId): boolean =>
  move in OFFICE_GUARDS && acted(night, 'guardOffice', OFFICE_GUARDS[move as MoveId]).length > 0;

export const inOffice = (night: Shelter, seat: Seat): boolean =>
  night.settings.office.includes(night.table.roles[seat]);

function spend(night: Shelter, seat: Seat, item: ItemId, count: number): boolean {
  const purse = night.state.purses[seat];
  if (!purse || purse.items[item] < count) return false;
  purse.items[item] -= count;
  return true;
}

/** The protections, each a row with its resolver; the order they are tried in is the move's (arsenal.ts). */
export const PROTECTIONS: Record<ProtectionId, ProtectionDef> = {
  officeGuard: {
    attackerDies: false,
    stops: (night, shot) => inOffice(night, shot.target) && officeGuarded(night, shot.move),
  },
  // One rank in the seed's list: the Commissar guarded by his Assistant (the attacker dies) / the
  // Necromancer guarded by the Apostate (the seed names no death for this one).
  assistant: {
    attackerDies: true,
    stops: (night, shot) =>
      night.table.roles[shot.target] === 'commissar' &&
      acted(night, 'guardCommissar', ['assistant']).length > 0,
  },
  apostate: {
    attackerDies: false,
    stops: (night, shot) =>
      night.table.roles[shot.target] === 'necromancer' &&
      acted(night, 'guardNecromancer', ['apostate']).length > 0,
  },
  antimafia: { attackerDies: false, stops: (night, shot) => spend(night, shot.target, 'antimafia', 1) },
  den: {
    attackerDies: true,
    stops: (night, shot) => night.acts.some((a) => a.ability === 'den' && a.target === shot.target),
  },
  autoDen: {
    attackerDies: true,
    stops: (night, shot) => night.settings.autoDen && night.table.roles[shot.target] === 'maniac',
  },
  selfDefence: {
    attackerDies: false,
    stops: (night, shot) => {
      if (night.table.roles[shot.target] !== 'killer') return false;
      const used = night.state.selfDefenceUsed[shot.target] ?? 0;
      if (used >= night.settings.selfDefenceUses) return false;
      night.state.selfDefenceUsed[shot.target] = used + 1;
      return true;
    },
  },
  elixir: { attackerDies: false, stops: (night, shot) => spend(night, shot.target, 'elixir', 1) },
  // D11: a rifle shot takes two vests; one vest alone does not stop it and is kept.
  vest: {
    attackerDies: false,
    stops: (night, shot) => spend(night, shot.target, 'vest', shot.move === 'rifle' ? 2 : 1),
  },
  // D19: the anti-undead stops the cemetery's bite and paralysis.
  antiundead: { attackerDies: false, stops: (night, shot) => spend(night, shot.target, 'antiundead', 1) },
};
