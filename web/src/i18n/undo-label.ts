import { msg, str } from '@lit/localize';
import type { UndoStep } from '../../../shared/views/undo.js';
import { abilityName } from './names.js';

/** The host's undo key, saying what it takes back ("Undo: foul of seat 4"); plain "Undo" with nothing to take. */
export function undoLabel(step: UndoStep | null): string {
  if (!step) return msg('Undo', { id: 'ctl.undo' });
  switch (step.kind) {
    case 'foul':
      return msg(str`Undo: foul of seat ${step.seat}`, { id: 'ctl.undoFoul' });
    case 'remark':
      return msg(str`Undo: remark to seat ${step.seat}`, { id: 'ctl.undoRemark' });
    case 'disqualification':
      return msg(str`Undo: disqualification of seat ${step.seat}`, { id: 'ctl.undoDisqualification' });
    case 'shot':
      return step.target === null
        ? msg('Undo: the missed shot', { id: 'ctl.undoMiss' })
        : msg(str`Undo: shot at seat ${step.target}`, { id: 'ctl.undoShot' });
    case 'act':
      return msg(str`Undo: the move of seat ${step.seat} (${abilityName(step.ability)})`, {
        id: 'ctl.undoAct',
      });
    case 'vote':
      return msg(str`Undo: vote of seat ${step.seat}`, { id: 'ctl.undoVote' });
    case 'nomination':
      return msg(str`Undo: nomination of seat ${step.target}`, { id: 'ctl.undoNomination' });
    case 'move':
      return msg('Undo the last move', { id: 'ctl.undoMove' });
  }
}
