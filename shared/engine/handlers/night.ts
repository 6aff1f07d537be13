import type { Seat } from '../../domain/vocabulary.js';
import { countsAsMafiaNow } from '../../roles/index.js';
import { ruleSetOf } from '../../rules/rule-sets.js';
import { isRejection, living, livingTarget, no, rule } from '../checks.js';
import { endStep, everyoneActed } from '../flow.js';
import { emit } from '../tx.js';

const knowTeam = rule<'knowTeam'>(
  (s, _c, who) => {
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    if (s.phase.stage !== 'intro') return no('wrong_phase', 'only on the introduction night');
    if (!countsAsMafiaNow(s, seat)) return no('not_allowed', 'only the mafia meets tonight');
    if (s.known.includes(seat)) return no('already_acted', 'you already know your team');
    return undefined;
  },
  (tx, _c, who) => {
    emit(tx, { type: 'teamKnown', seat: who as Seat });
    const t = tx.state;
    const allKnown = t.alive.filter((x) => countsAsMafiaNow(t, x)).every((x) => t.known.includes(x));
    if (allKnown && t.settings.master === 'auto' && !t.settings.introFullTime) endStep(tx);
  },
);

const act = rule<'act'>(
  (s, c, who, meta) => {
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
    return ruleSetOf(s).refuseAct(s, c, seat, meta.now);
  },
  (tx, c, who) => {
    ruleSetOf(tx.state).applyAct(tx, c, who as Seat);
    if (tx.state.settings.master === 'auto' && everyoneActed(tx.state)) endStep(tx);
  },
);

const recordShot = rule<'recordShot'>(
  (s, c) => {
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
    return undefined;
  },
  (tx, c) => emit(tx, { type: 'shotRecorded', target: c.target }),
);

export const nightRules = { knowTeam, act, recordShot };
