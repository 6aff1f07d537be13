import type { Seat } from '../domain/vocabulary.js';
import type { NightAction, NightOutcome, NightReport } from '../log/records.js';
import {
  ABILITIES,
  type AbilityKey,
  abilityFor,
  KIND_ORDER,
  type RoleId,
  type Table,
  type WakeGroup,
} from '../roles/index.js';
import type { Settings } from '../rules/settings.js';
import { RESOLVERS } from './resolvers.js';

export interface NightInput {
  round: number;
  alive: Seat[];
  roles: Record<string, RoleId>;
  actions: NightAction[];
  /** Moderator mode: the host recorded only the mafia's result (C4). */
  recordedShot: { target: Seat | null } | null;
  settings: Settings;
}

export interface Attack {
  by: WakeGroup;
  /** The ability behind it: the Doctor of the club saves only from the mafia's shot (E13). */
  ability: AbilityKey;
  target: Seat;
  how: 'shot' | 'killed';
}

export interface Protection {
  seat: Seat;
  ability: AbilityKey;
  target: Seat;
}

/** A night being resolved: each resolver reads what earlier ones left and adds its own. */
export interface Night {
  input: NightInput;
  table: Table;
  blocked: Set<Seat>;
  alibi: Seat | null;
  attacks: Attack[];
  protections: Protection[];
  outcomes: NightOutcome[];
}

/** Each action with the ability it used: the verb a player sent, read through his role now. */
function byAbility(input: NightInput, table: Table): Map<AbilityKey, NightAction[]> {
  const out = new Map<AbilityKey, NightAction[]>();
  for (const action of input.actions) {
    const key = abilityFor(table, action.seat, action.ability);
    if (key) out.set(key, [...(out.get(key) ?? []), action]);
  }
  return out;
}

/**
 * One night, resolved from the tables: the abilities in order of their kind (blocks, attacks, inspections,
 * protections), each by its resolver, then every attack against the night's protections. Every attempt
 * yields an outcome with its reason, which the morning, the host's screen and the audit read.
 */
export function resolveNight(input: NightInput): NightReport {
  const table: Table = { roles: input.roles, alive: input.alive };
  const night: Night = {
    input,
    table,
    blocked: new Set(),
    alibi: null,
    attacks: [],
    protections: [],
    outcomes: [],
  };
  const actions = byAbility(input, table);
  const keys = Object.keys(ABILITIES) as AbilityKey[];
  for (const kind of KIND_ORDER) {
    for (const key of keys) {
      if (ABILITIES[key].kind === kind) RESOLVERS[key](night, key, actions.get(key) ?? []);
    }
  }
  const deaths = sufferAttacks(night);
  return {
    round: input.round,
    actions: input.actions,
    recordedShot: input.recordedShot,
    outcomes: night.outcomes,
    deaths,
    alibi: night.alibi,
  };
}

/** The Doctor saves from the attacks the rules let him (E13: the club's only from the mafia's shot). */
const healStops = (settings: Settings, attack: Attack) =>
  settings.doctorSaves === 'anyAttack' || attack.ability === 'mafiaShot';

function sufferAttacks(night: Night): NightReport['deaths'] {
  const { settings } = night.input;
  const healUsed = new Set<Seat>();
  const deaths: NightReport['deaths'] = [];
  const die = (seat: Seat, how: 'shot' | 'killed') => {
    if (!deaths.some((d) => d.seat === seat)) deaths.push({ seat, how });
  };
  const guarding = (target: Seat) =>
    night.protections.find((p) => ABILITIES[p.ability].verb === 'guard' && p.target === target);
  for (const attack of night.attacks) {
    const guard = guarding(attack.target);
    // C25: with several attacks on one player the Doctor stops one of them, or all, by setting.
    const healed =
      night.protections.some((p) => ABILITIES[p.ability].verb === 'heal' && p.target === attack.target) &&
      healStops(settings, attack) &&
      (settings.doctorStops === 'all' || !healUsed.has(attack.target));
    if (guard) {
      const dies = settings.bodyguardDies;
      night.outcomes.push({ by: attack.by, target: attack.target, killed: false, reason: 'guarded' });
      if (dies) {
        night.outcomes.push({ by: attack.by, target: guard.seat, killed: true, reason: 'diedGuarding' });
        die(guard.seat, attack.how);
      }
    } else if (healed) {
      healUsed.add(attack.target);
      night.outcomes.push({ by: attack.by, target: attack.target, killed: false, reason: 'savedByDoctor' });
    } else {
      night.outcomes.push({ by: attack.by, target: attack.target, killed: true, reason: 'killed' });
      die(attack.target, attack.how);
    }
  }
  return deaths.sort((a, b) => a.seat - b.seat);
}
