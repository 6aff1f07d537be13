import type { RoleId, Seat } from '../domain/vocabulary.js';
import type { NightAction, NightOutcome, NightReport } from '../log/records.js';
import { ROLES, type WakeGroup } from '../roles/index.js';
import type { Settings } from '../rules/settings.js';

export interface NightInput {
  round: number;
  alive: Seat[];
  roles: Record<string, RoleId>;
  actions: NightAction[];
  /** Moderator mode: the host recorded only the mafia's result (C4). */
  recordedShot: { target: Seat | null } | null;
  settings: Settings;
}

const roleOf = (input: NightInput, seat: Seat) => input.roles[seat] as RoleId;

/** Living members of a wake group who must take part in its joint shot (A5, C4). */
function jointShooters(input: Pick<NightInput, 'alive' | 'roles'>, group: WakeGroup): Seat[] {
  return input.alive.filter((seat) =>
    ROLES[input.roles[seat] as RoleId].abilities.some((a) => a.wake === group && a.joint),
  );
}

interface Attack {
  by: WakeGroup;
  target: Seat;
  how: 'shot' | 'killed';
}

/**
 * One night, resolved: blocks first, then the joint shots, then other attacks against protections in the
 * rule set's order. Every attempt yields an outcome with its reason, which the morning and the audit read.
 */
export function resolveNight(input: NightInput): NightReport {
  const outcomes: NightOutcome[] = [];
  const blocks = input.actions.filter((a) => a.ability === 'block');
  const blocked = new Set(blocks.map((a) => a.target));
  const acts = input.actions.filter((a) => a.ability === 'block' || !blocked.has(a.seat));
  const attacks: Attack[] = [];

  for (const group of ['mafia', 'yakuza'] as const) {
    const shooters = jointShooters(input, group);
    if (shooters.length === 0) continue;
    if (group === 'mafia' && input.recordedShot) {
      const target = input.recordedShot.target;
      if (target === null) outcomes.push({ by: group, target: null, killed: false, reason: 'recorded' });
      else attacks.push({ by: group, target, how: 'shot' });
      continue;
    }
    const shots = input.actions.filter((a) => a.ability === 'shoot' && shooters.includes(a.seat));
    const targets = [...new Set(shots.map((a) => a.target))];
    if (shots.length === 0) {
      outcomes.push({ by: group, target: null, killed: false, reason: 'noShot' });
    } else if (targets.length > 1) {
      outcomes.push({ by: group, target: null, killed: false, reason: 'splitTargets' });
    } else if (shots.length < shooters.length) {
      outcomes.push({ by: group, target: targets[0], killed: false, reason: 'notAllShot' });
    } else if (shots.some((a) => blocked.has(a.seat))) {
      outcomes.push({ by: group, target: targets[0], killed: false, reason: 'blocked' });
    } else if (input.round === 1 && input.settings.immunity === targets[0]) {
      outcomes.push({ by: group, target: targets[0], killed: false, reason: 'immune' });
    } else {
      attacks.push({ by: group, target: targets[0], how: 'shot' });
    }
  }

  for (const a of acts) {
    if (a.ability === 'kill') attacks.push({ by: 'maniac', target: a.target, how: 'killed' });
  }
  for (const a of acts) {
    if (a.ability !== 'check' || input.settings.checkMode === 'result') continue;
    const found = a.result === 'black' || a.result === 'sheriff';
    if (input.settings.checkMode === 'alwaysAttack' || found) {
      const group = (ROLES[roleOf(input, a.seat)].abilities.find((x) => x.id === 'check')?.wake ??
        'sheriff') as WakeGroup;
      attacks.push({ by: group, target: a.target, how: 'killed' });
    }
  }

  const heals = acts.filter((a) => a.ability === 'heal').map((a) => a.target);
  const guards = acts.filter((a) => a.ability === 'guard').map((a) => a.target);
  const healUsed = new Set<Seat>();
  const deaths: NightReport['deaths'] = [];
  for (const attack of attacks) {
    // C25: with several attacks on one player the Doctor stops one of them, or all, by setting.
    const healed =
      heals.includes(attack.target) && (input.settings.doctorStops === 'all' || !healUsed.has(attack.target));
    if (guards.includes(attack.target)) {
      outcomes.push({ by: attack.by, target: attack.target, killed: false, reason: 'guarded' });
    } else if (healed) {
      healUsed.add(attack.target);
      outcomes.push({ by: attack.by, target: attack.target, killed: false, reason: 'savedByDoctor' });
    } else {
      outcomes.push({ by: attack.by, target: attack.target, killed: true, reason: 'killed' });
      if (!deaths.some((d) => d.seat === attack.target))
        deaths.push({ seat: attack.target, how: attack.how });
    }
  }
  deaths.sort((a, b) => a.seat - b.seat);
  const alibi = blocks.length > 0 ? blocks[0].target : null;
  return {
    round: input.round,
    actions: input.actions,
    recordedShot: input.recordedShot,
    outcomes,
    deaths,
    alibi,
  };
}
