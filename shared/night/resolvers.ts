import type { NightAction } from '../log/records.js';
import { ABILITIES, type AbilityKey, wakersOf } from '../roles/index.js';
import type { Night } from './resolve.js';

/** What one ability does when the night resolves; `actions` are those taken with it tonight. */
export type Resolver = (night: Night, key: AbilityKey, actions: NightAction[]) => void;

const unblocked = (night: Night, actions: NightAction[]) => actions.filter((a) => !night.blocked.has(a.seat));

/** A block (the Putana's visit): whoever it names does nothing tonight; by its row, an alibi tomorrow (E12, E13). */
const block: Resolver = (night, key, actions) => {
  for (const a of actions) night.blocked.add(a.target);
  if (actions.length > 0 && ABILITIES[key].block?.alibi && night.alibi === null)
    night.alibi = actions[0].target;
};

/**
 * A joint shot (A5, C4): every living shooter shoots, all at one seat. A blocked shooter counts as asleep:
 * the others' shot stands when all of them shot that seat (E13, D4 case 4); split targets spoil it even
 * when one of the shooters was blocked (D4 case 6).
 */
const jointShot: Resolver = (night, key, actions) => {
  const ability = ABILITIES[key];
  const by = ability.wake;
  const { input } = night;
  const shooters = wakersOf(night.table, by);
  if (shooters.length === 0) return;
  const how = ability.how ?? 'shot';
  if (by === 'mafia' && input.recordedShot) {
    const target = input.recordedShot.target;
    if (target === null) night.outcomes.push({ by, target: null, killed: false, reason: 'recorded' });
    else night.attacks.push({ by, ability: key, target, how });
    return;
  }
  const shots = actions.filter((a) => shooters.includes(a.seat));
  const targets = [...new Set(shots.map((a) => a.target))];
  const awake = shooters.filter((seat) => !night.blocked.has(seat));
  const miss = (reason: 'noShot' | 'splitTargets' | 'blocked' | 'notAllShot' | 'immune') =>
    night.outcomes.push({
      by,
      target: reason === 'noShot' || reason === 'splitTargets' ? null : targets[0],
      killed: false,
      reason,
    });
  if (shots.length === 0) miss('noShot');
  else if (targets.length > 1) miss('splitTargets');
  else if (awake.length === 0 || !shots.some((a) => awake.includes(a.seat))) miss('blocked');
  else if (awake.some((seat) => !shots.some((a) => a.seat === seat))) miss('notAllShot');
  else if (input.round === 1 && input.settings.immunity === targets[0]) miss('immune');
  else night.attacks.push({ by, ability: key, target: targets[0], how });
};

/** A lone attacker's kill (the Maniac, C18, E13); a blocked one kills nobody. */
const soloAttack: Resolver = (night, key, actions) => {
  const { wake: by, how = 'killed' } = ABILITIES[key];
  for (const a of actions) {
    if (night.blocked.has(a.seat)) {
      night.outcomes.push({ by, target: a.target, killed: false, reason: 'blocked' });
    } else {
      night.attacks.push({ by, ability: key, target: a.target, how });
    }
  }
};

/** A check answers at once; by setting it also attacks when it finds its role, or always (C24). */
const check: Resolver = (night, key, actions) => {
  const mode = night.input.settings.checkMode;
  if (mode === 'result') return;
  for (const a of unblocked(night, actions)) {
    const found = a.result === 'black' || a.result === 'sheriff';
    if (mode === 'alwaysAttack' || found)
      night.attacks.push({ by: ABILITIES[key].wake, ability: key, target: a.target, how: 'killed' });
  }
};

/** A protection (the Doctor's heal, the Bodyguard's guard): held against the attacks once all are known. */
const protect: Resolver = (night, key, actions) => {
  for (const a of unblocked(night, actions))
    night.protections.push({ seat: a.seat, ability: key, target: a.target });
};

const nothing: Resolver = () => {};

/** Each ability resolves by its kind; its row carries the data the resolver reads. */
export function resolverOf(key: AbilityKey): Resolver {
  const { kind, joint } = ABILITIES[key];
  switch (kind) {
    case 'block':
      return block;
    case 'attack':
      return joint ? jointShot : soloAttack;
    case 'inspect':
      return check;
    case 'protect':
      return protect;
    case 'other':
      return nothing;
    default: {
      const _exhaustive: never = kind;
      return nothing;
    }
  }
}
