import { type Handler, no } from '../checks.js';
import { endStep } from '../flow.js';
import { emit } from '../tx.js';
import { pick } from './lobby.js';

/**
 * A moved deadline gets a new id (`n2.actions.7~1`, `~2`, …): the old one may already be scheduled — on AWS
 * a Step Functions execution named after it — and must find nothing to end when it fires, while the new
 * time needs a schedule of its own.
 */
function revisedDeadlineId(id: string): string {
  const m = /^(.*)~(\d+)$/.exec(id);
  return m ? `${m[1]}~${Number(m[2]) + 1}` : `${id}~1`;
}

/** Clock skew a deadline tolerates: Step Functions' Wait truncates to whole seconds. */
export const DEADLINE_TOLERANCE_MS = 1000;

const advance: Handler<'advance'> = (tx) => {
  const s = tx.state;
  if (s.settings.master === 'auto')
    return no('not_allowed', 'the automatic game master keeps the pace; pause or extend the clock');
  if (s.phase.kind === 'lobby') return no('wrong_phase', 'start the game first');
  endStep(tx);
  return undefined;
};

const pauseClock: Handler<'pauseClock'> = (tx) => {
  const d = tx.state.deadline;
  if (!d || d.at === null) return no('wrong_phase', 'no clock is running');
  emit(tx, { type: 'clockPaused', remaining: Math.max(0, d.at - tx.meta.now) });
  return undefined;
};

const unpauseClock: Handler<'unpauseClock'> = (tx) => {
  const d = tx.state.deadline;
  if (!d || d.at !== null) return no('wrong_phase', 'the clock is not paused');
  emit(tx, { type: 'clockResumed', id: revisedDeadlineId(d.id), at: tx.meta.now + d.remaining });
  return undefined;
};

const extendClock: Handler<'extendClock'> = (tx, c) => {
  const d = tx.state.deadline;
  if (!d) return no('wrong_phase', 'no clock to extend');
  const ms = c.seconds * 1000;
  const id = revisedDeadlineId(d.id);
  const deadline =
    d.at === null
      ? { ...d, id, remaining: d.remaining + ms }
      : { ...d, id, at: d.at + ms, remaining: d.at + ms - tx.meta.now };
  emit(tx, { type: 'clockExtended', seconds: c.seconds, deadline });
  return undefined;
};

const undo: Handler<'undo'> = (tx) => {
  const s = tx.state;
  if (s.settings.master !== 'moderator')
    return no('not_allowed', 'undo is for the moderator of a live table');
  if (s.undo.length === 0 && !s.judgeUndo)
    return no('nothing_to_undo', 'nothing recorded in this phase and no judge action to take back');
  emit(tx, { type: 'actionUndone' });
  return undefined;
};

const timeUp: Handler<'timeUp'> = (tx, c) => {
  const s = tx.state;
  const d = s.deadline;
  // A late, repeated or superseded deadline is a no-op, not an error: it appends nothing.
  if (
    !d ||
    d.id !== c.deadlineId ||
    d.advisory ||
    d.at === null ||
    tx.meta.now < d.at - DEADLINE_TOLERANCE_MS
  ) {
    return undefined;
  }
  if (s.phase.stage === 'cards' && s.speaker !== null && s.deck) {
    const picked = new Set(Object.values(s.picks));
    const card = s.deck.findIndex((_, i) => !picked.has(i + 1)) + 1;
    pick(tx, s.speaker, card, s.deck);
    return undefined;
  }
  endStep(tx);
  return undefined;
};

export const clockHandlers = { advance, pauseClock, unpauseClock, extendClock, undo, timeUp };
