import type { Seat } from '../domain/vocabulary.js';
import type { NightAction } from '../log/records.js';
import { nightInputOf, resolveNight } from '../night/resolve.js';
import {
  ABILITIES,
  type AbilityKey,
  abilitiesOf,
  abilityFor,
  playsAs,
  teamOf,
  VERBS,
  type Verb,
} from '../roles/index.js';
import { isRejection, livingTarget, no } from './checks.js';
import type { CommandOf } from './commands.js';
import type { RuleSet } from './rule-set.js';
import type { GameState } from './state.js';
import { blockedNow, blockMayCome, checkResult, targetProblem, targetsOf } from './targets.js';
import { emit, type Tx } from './tx.js';
import { standardWinnerOf } from './win.js';

/** Why `act` by the role and ability tables is refused now (A4–A7, B7, C4–C5, C24). */
function refuseAct(s: GameState, c: CommandOf<'act'>, seat: Seat, now: number) {
  const { stage } = s.phase;
  // Another family's verbs mean nothing here.
  const verb = VERBS.find((x) => x === c.ability);
  const key = verb && abilityFor(s, seat, verb);
  if (!key) return no('not_allowed', `a ${playsAs(s, seat)} cannot ${c.ability} tonight`);
  const ability = ABILITIES[key];
  if (stage === 'wake' && ability.wake !== s.wake) return no('not_your_turn', `the ${s.wake} is awake now`);
  const named = c.targets ?? (c.target === undefined ? [] : [c.target]);
  if (c.targets && c.target !== undefined)
    return no('bad_command', 'name the target once: target or targets');
  if (named.length > ability.targets.count)
    return no('bad_command', `${c.ability} names ${ability.targets.count} seat(s), not ${named.length}`);
  const target = livingTarget(s, named[0]);
  if (isRejection(target)) return target;
  if (s.actions.some((a) => a.seat === seat && a.ability === c.ability))
    return no('already_acted', `you have already used ${c.ability} tonight`);
  if (s.recordedShot && ability.wake === 'mafia' && ability.joint)
    return no('already_acted', 'the shot is already recorded');
  const bad = targetProblem(s, seat, key, target);
  if (bad) return bad;
  const late = s.stepStartedAt + s.settings.timers.night * 1000;
  if (s.settings.master === 'auto' && !ability.joint && now > late)
    return no('too_late', 'your window closed');
  return undefined;
}

/**
 * An accepted `act`: the action, with a check's answer unless the checker is blocked tonight (E13) or a
 * block may still come (the answer is then given at the night's end, see `answered`).
 */
function applyAct(tx: Tx, c: CommandOf<'act'>, seat: Seat) {
  const s = tx.state;
  const key = abilityFor(s, seat, c.ability as Verb) as AbilityKey;
  const ability = ABILITIES[key];
  const target = (c.targets?.[0] ?? c.target) as Seat;
  const answerNow = ability.kind === 'inspect' && !blockedNow(s, seat) && !blockMayCome(s);
  const result = answerNow ? checkResult(s, key, target) : undefined;
  emit(tx, {
    type: 'actionTaken',
    action: { seat, ability: ability.verb, target, ...(result ? { result } : {}) },
  });
}

/**
 * Tonight's actions with the answers of the checks kept back while a block could still come (E13): an
 * unblocked check gets its answer now, a blocked one none.
 */
function answered(s: GameState): NightAction[] {
  return s.actions.map((a) => {
    const key = abilityFor(s, a.seat, a.ability);
    if (a.result !== undefined || !key || ABILITIES[key].kind !== 'inspect' || blockedNow(s, a.seat))
      return a;
    const result = checkResult(s, key, a.target);
    return result ? { ...a, result } : a;
  });
}

/** The abilities a seat may use now and the seats each may name, as the ability table allows them. */
const actOffers = (s: GameState, seat: Seat) =>
  abilitiesOf(s, seat).map((key) => ({
    ability: ABILITIES[key].verb,
    targets: targetsOf(s, seat, key),
    names: { min: 1, max: ABILITIES[key].targets.count },
  }));

/** The rules of seeds 000–002 and 004: the role, ability and team tables. */
export const STANDARD: RuleSet = {
  dealt: () => {},
  refuseAct,
  applyAct,
  actOffers,
  everyoneActed: (s) =>
    s.alive.every((seat) =>
      abilitiesOf(s, seat).every((key) =>
        s.actions.some((x) => x.seat === seat && x.ability === ABILITIES[key].verb),
      ),
    ),
  resolveNight: (tx) => {
    const s = tx.state;
    emit(tx, { type: 'nightResolved', report: resolveNight(nightInputOf({ ...s, actions: answered(s) })) });
  },
  commands: {},
  commandSchemas: [],
  abilityIds: [],
  offers: {},
  voteRefusal: () => undefined,
  evolve: (s) => s,
  scratch: () => null,
  takeBack: (s) => s,
  afterElimination: () => {},
  teamOf: (s, seat) => teamOf(s, seat),
  winnerNow: (s) => standardWinnerOf(s),
  winsOnNight: false,
  tableMoves: true,
  // The common role table's roles are dealt anywhere a family takes them: the other families say which.
  rolesProblem: () => null,
  view: () => ({}),
};
