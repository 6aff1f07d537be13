import type { Seat } from '../domain/vocabulary.js';
import type { NightAction, NightOutcome, NightReport } from '../log/records.js';
import {
  ABILITIES,
  type AbilityKey,
  abilityFor,
  KIND_ORDER,
  type ProtectionEffect,
  type RoleId,
  type Table,
  type WakeGroup,
} from '../roles/index.js';
import type { Settings } from '../rules/settings.js';
import { resolverOf } from './resolvers.js';

export interface NightInput {
  round: number;
  alive: Seat[];
  roles: Record<string, RoleId>;
  actions: NightAction[];
  /** Moderator mode: the host recorded only the mafia's result (C4). */
  recordedShot: { target: Seat | null } | null;
  settings: Settings;
}

/** A game's night as it stands now: what the morning resolves, and what the host's preview shows. */
export function nightInputOf(s: Omit<NightInput, 'round'> & { phase: { round: number } }): NightInput {
  const { alive, roles, actions, recordedShot, settings } = s;
  return { round: s.phase.round, alive, roles, actions, recordedShot, settings };
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
      if (ABILITIES[key].kind === kind) resolverOf(key)(night, key, actions.get(key) ?? []);
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

/** Whether a protection's row stops this attack (E13: the club's Doctor only the mafia's shot). */
const stopsAttack = (effect: ProtectionEffect, settings: Settings, attack: Attack) =>
  effect.stops === 'any' || settings.doctorSaves === 'anyAttack' || attack.ability === 'mafiaShot';

/**
 * Every attack against the protections on its target, tried in the order of their rows' priority; the first
 * that stops it gives the outcome its reason. A protection marked `once` stops one of several attacks on the
 * seat unless `doctorStops: 'all'` (C25); one marked `holderDies` costs its holder his life under
 * `bodyguardDies`.
 */
function sufferAttacks(night: Night): NightReport['deaths'] {
  const { settings } = night.input;
  // Spent per ability and seat: two Doctors healing one player still stop one attack of several (C25).
  const spent = new Set<string>();
  const mark = (p: Protection) => `${p.ability}:${p.target}`;
  const deaths: NightReport['deaths'] = [];
  const die = (seat: Seat, how: 'shot' | 'killed') => {
    if (!deaths.some((d) => d.seat === seat)) deaths.push({ seat, how });
  };
  const effectOf = (p: Protection) => ABILITIES[p.ability].protection;
  const ranked = [...night.protections]
    .filter((p) => effectOf(p) !== undefined)
    .sort((a, b) => effectOf(a)!.priority - effectOf(b)!.priority);
  for (const attack of night.attacks) {
    const shield = ranked.find((p) => {
      const effect = effectOf(p)!;
      return (
        p.target === attack.target &&
        stopsAttack(effect, settings, attack) &&
        !(effect.once && settings.doctorStops !== 'all' && spent.has(mark(p)))
      );
    });
    if (!shield) {
      night.outcomes.push({ by: attack.by, target: attack.target, killed: true, reason: 'killed' });
      die(attack.target, attack.how);
      continue;
    }
    const effect = effectOf(shield)!;
    spent.add(mark(shield));
    night.outcomes.push({ by: attack.by, target: attack.target, killed: false, reason: effect.reason });
    if (effect.holderDies && settings.bodyguardDies) {
      night.outcomes.push({ by: attack.by, target: shield.seat, killed: true, reason: 'diedGuarding' });
      die(shield.seat, attack.how);
    }
  }
  return deaths.sort((a, b) => a.seat - b.seat);
}
