import type { Rejection, Seat } from '../domain/vocabulary.js';
import type { CheckResult } from '../log/records.js';
import {
  ABILITIES,
  type AbilityKey,
  abilitiesOf,
  blockedBy,
  isBlack,
  playsAs,
  ROLES,
  teammatesOf,
} from '../roles/index.js';
import { no } from './checks.js';
import type { GameState } from './state.js';

/** A player blocked tonight (the Putana's visit): whatever he does comes to nothing, a check tells him nothing (E13). */
export const blockedNow = (s: GameState, seat: Seat) => blockedBy(s, s.actions, seat);

/**
 * A block may still come tonight: at a night where all act at once, a living blocker has not acted yet. A
 * check's answer is kept back until none can: it must not reach the checker before a block spoils it.
 */
export const blockMayCome = (s: GameState): boolean =>
  s.phase.stage === 'actions' &&
  s.alive.some((x) =>
    abilitiesOf(s, x).some((key) => ABILITIES[key].kind === 'block' && !s.actions.some((a) => a.seat === x)),
  );

/** What a check tells the checker: the Don whether he found the Sheriff (or Patrolman, C24), others the colour. */
export function checkResult(s: GameState, key: AbilityKey, target: Seat): CheckResult | undefined {
  const role = playsAs(s, target);
  if (!role) return undefined;
  const { seeks } = ABILITIES[key];
  if (seeks === 'sheriff') return ROLES[role].sought ? 'sheriff' : 'notSheriff';
  if (seeks === 'black') return isBlack(s, target) ? 'black' : 'red';
  return undefined;
}

/** Every use of an ability this game, tonight's included. */
const usesOf = (s: GameState, seat: Seat, verb: string, target?: Seat) =>
  [...s.nights.flatMap((n) => n.actions), ...s.actions].filter(
    (a) => a.seat === seat && a.ability === verb && (target === undefined || a.target === target),
  ).length;

/** Who an ability may name (A4, A6, B7; the Doctor's self-heal and uses per game by setting). */
export function targetProblem(
  s: GameState,
  seat: Seat,
  key: AbilityKey,
  target: Seat,
): Rejection | undefined {
  const ability = ABILITIES[key];
  if (ability.joint && s.phase.round === 1 && s.settings.immunity === target)
    return no('immune_target', `seat ${target} has immunity tonight`);
  const mates = teammatesOf(s, seat);
  if (target === seat && !ability.targets.self)
    return no('bad_target', `you cannot ${ability.verb} yourself`);
  if (mates.includes(target) && !ability.targets.teammates)
    return no('bad_target', `you cannot ${ability.verb} a teammate`);
  if (ability.joint && !s.settings.shootTeammates && (target === seat || mates.includes(target)))
    return no('bad_target', 'the mafia picks its victim among the citizens (B7)');
  if (ability.verb === 'heal' && target === seat) {
    const rule = s.settings.doctorSelfHeal;
    if (rule === 'never' || (rule === 'once' && usesOf(s, seat, 'heal', seat) > 0))
      return no(
        'bad_target',
        rule === 'never' ? 'the Doctor cannot heal himself' : 'you have healed yourself once',
      );
  }
  const uses = ability.usesPerGame;
  if (uses !== null && usesOf(s, seat, ability.verb) >= uses)
    return no('not_allowed', `${ability.verb} may be used ${uses} times a game`);
  return undefined;
}

/** The seats an ability may name now: what the view offers and `act` accepts. */
export const targetsOf = (s: GameState, seat: Seat, key: AbilityKey): Seat[] =>
  s.alive.filter((target) => targetProblem(s, seat, key, target) === undefined);
