import type { Deadline } from '../../log/records.js';
import { no, rule } from '../checks.js';
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

const advance = rule<'advance'>(
  (s) => {
    if (s.settings.master === 'auto')
      return no('not_allowed', 'the automatic game master keeps the pace; pause or extend the clock');
    return s.phase.kind === 'lobby' ? no('wrong_phase', 'start the game first') : undefined;
  },
  (tx) => endStep(tx),
);

const pauseClock = rule<'pauseClock'>(
  (s) => {
    const d = s.deadline;
    return !d || d.at === null ? no('wrong_phase', 'no clock is running') : undefined;
  },
  (tx) => {
    const at = tx.state.deadline?.at as number;
    emit(tx, { type: 'clockPaused', remaining: Math.max(0, at - tx.meta.now) });
  },
);

const unpauseClock = rule<'unpauseClock'>(
  (s) => {
    const d = s.deadline;
    return !d || d.at !== null ? no('wrong_phase', 'the clock is not paused') : undefined;
  },
  (tx) => {
    const d = tx.state.deadline as Deadline;
    emit(tx, { type: 'clockResumed', id: revisedDeadlineId(d.id), at: tx.meta.now + d.remaining });
  },
);

const extendClock = rule<'extendClock'>(
  (s) => (s.deadline ? undefined : no('wrong_phase', 'no clock to extend')),
  (tx, c) => {
    const d = tx.state.deadline as Deadline;
    const ms = c.seconds * 1000;
    const id = revisedDeadlineId(d.id);
    const deadline =
      d.at === null
        ? { ...d, id, remaining: d.remaining + ms }
        : { ...d, id, at: d.at + ms, remaining: d.at + ms - tx.meta.now };
    emit(tx, { type: 'clockExtended', seconds: c.seconds, deadline });
  },
);

const undo = rule<'undo'>(
  (s) => {
    if (s.settings.master !== 'moderator')
      return no('not_allowed', 'undo is for the moderator of a live table');
    if (s.undo.length === 0 && !s.judgeUndo)
      return no('nothing_to_undo', 'nothing recorded in this phase and no judge action to take back');
    return undefined;
  },
  (tx) => emit(tx, { type: 'actionUndone' }),
);

/** A late, repeated or superseded deadline is a no-op, not an error: it appends nothing. */
const timeUp = rule<'timeUp'>(
  () => undefined,
  (tx, c) => {
    const s = tx.state;
    const d = s.deadline;
    if (
      !d ||
      d.id !== c.deadlineId ||
      d.advisory ||
      d.at === null ||
      tx.meta.now < d.at - DEADLINE_TOLERANCE_MS
    ) {
      return;
    }
    if (s.phase.stage === 'cards' && s.speaker !== null && s.deck) {
      const picked = new Set(Object.values(s.picks));
      const card = s.deck.findIndex((_, i) => !picked.has(i + 1)) + 1;
      pick(tx, s.speaker, card, s.deck);
      return;
    }
    endStep(tx);
  },
);

export const clockRules = { advance, pauseClock, unpauseClock, extendClock, undo, timeUp };
