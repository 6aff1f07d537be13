import { forumAct } from '../../forum/game.js';
import { ABILITIES, abilityFor, countsAsMafiaNow, playsAs, VERBS } from '../../roles/index.js';
import { type Handler, isRejection, living, livingTarget, no } from '../checks.js';
import { endStep, everyoneActed } from '../flow.js';
import { blockedNow, checkResult, targetProblem } from '../targets.js';
import { emit } from '../tx.js';

const knowTeam: Handler<'knowTeam'> = (tx, _c, who) => {
  const s = tx.state;
  const seat = living(s, who);
  if (isRejection(seat)) return seat;
  if (s.phase.stage !== 'intro') return no('wrong_phase', 'only on the introduction night');
  if (!countsAsMafiaNow(s, seat)) return no('not_allowed', 'only the mafia meets tonight');
  if (s.known.includes(seat)) return no('already_acted', 'you already know your team');
  emit(tx, { type: 'teamKnown', seat });
  const t = tx.state;
  const allKnown = t.alive.filter((x) => countsAsMafiaNow(t, x)).every((x) => t.known.includes(x));
  if (allKnown && t.settings.master === 'auto' && !t.settings.introFullTime) endStep(tx);
  return undefined;
};

const act: Handler<'act'> = (tx, c, who) => {
  const s = tx.state;
  const { stage, round } = s.phase;
  if (s.phase.kind !== 'night' || (stage !== 'actions' && stage !== 'wake')) {
    return no(
      'wrong_phase',
      round === 0 && stage === 'intro'
        ? 'nobody acts on the introduction night'
        : 'night actions only at night',
    );
  }
  const seat = living(s, who);
  if (isRejection(seat)) return seat;
  if (s.forum) {
    const refused = forumAct(tx, c, seat);
    if (!refused && tx.state.settings.master === 'auto' && everyoneActed(tx.state)) endStep(tx);
    return refused;
  }
  // The forum's verbs mean nothing outside the forum game.
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
  if (s.settings.master === 'auto' && !ability.joint && tx.meta.now > late)
    return no('too_late', 'your window closed');
  const result = ability.kind === 'inspect' && !blockedNow(s, seat) ? checkResult(s, key, target) : undefined;
  emit(tx, {
    type: 'actionTaken',
    action: { seat, ability: ability.verb, target, ...(result ? { result } : {}) },
  });
  if (tx.state.settings.master === 'auto' && everyoneActed(tx.state)) endStep(tx);
  return undefined;
};

const recordShot: Handler<'recordShot'> = (tx, c) => {
  const s = tx.state;
  if (s.settings.master !== 'moderator') return no('not_allowed', 'only the moderator records a shot');
  const awake = s.phase.stage === 'actions' || (s.phase.stage === 'wake' && s.wake === 'mafia');
  if (s.phase.kind !== 'night' || s.phase.round === 0 || !awake)
    return no('wrong_phase', 'shots are recorded while the mafia is awake');
  if (s.recordedShot || s.actions.some((a) => a.ability === 'shoot' && countsAsMafiaNow(s, a.seat)))
    return no('already_acted', 'the shot is already recorded; undo it first');
  if (c.target !== null) {
    const target = livingTarget(s, c.target);
    if (isRejection(target)) return target;
  }
  emit(tx, { type: 'shotRecorded', target: c.target });
  return undefined;
};

export const nightHandlers = { knowTeam, act, recordShot };
