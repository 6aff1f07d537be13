import { countsAsMafiaNow } from '../../roles/index.js';
import { ruleSetOf } from '../../rules/rule-sets.js';
import { type Handler, isRejection, living, livingTarget, no } from '../checks.js';
import { endStep, everyoneActed } from '../flow.js';
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
  const refused = ruleSetOf(s).act(tx, c, seat);
  if (refused) return refused;
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
