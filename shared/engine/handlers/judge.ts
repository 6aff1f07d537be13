import { type Handler, isRejection, livingTarget, no } from '../checks.js';
import { removeNow } from '../flow.js';
import { emit, type Tx } from '../tx.js';

/** Seals a foul, remark or disqualification as one action the judge may take back (moderator mode). */
function ended(tx: Tx): undefined {
  if (tx.state.judgeUndo?.open) emit(tx, { type: 'judgeActionEnded' });
  return undefined;
}

const foul: Handler<'foul'> = (tx, c) => {
  const s = tx.state;
  if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
  // A player already out (in his last word, or shot tonight) still takes fouls into his boxes.
  if (!(c.seat in s.names)) return no('unknown_seat', `there is no seat ${c.seat}`);
  const fouls = (s.fouls[c.seat] ?? 0) + 1;
  emit(tx, { type: 'foulGiven', seat: c.seat, fouls, at: tx.meta.now });
  if (fouls >= 4 && s.alive.includes(c.seat)) removeNow(tx, c.seat, 'fouls');
  return ended(tx);
};

const remark: Handler<'remark'> = (tx, c) => {
  const s = tx.state;
  if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
  const seat = livingTarget(s, c.seat);
  if (isRejection(seat)) return seat;
  emit(tx, { type: 'remarkGiven', seat, remarks: (s.remarks[seat] ?? 0) + 1 });
  return ended(tx);
};

const disqualify: Handler<'disqualify'> = (tx, c) => {
  const s = tx.state;
  if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
  const seat = livingTarget(s, c.seat);
  if (isRejection(seat)) return seat;
  emit(tx, { type: 'playerDisqualified', seat, reason: c.reason });
  removeNow(tx, seat, 'disqualified');
  return ended(tx);
};

const extraPoints: Handler<'extraPoints'> = (tx, c) => {
  const s = tx.state;
  if (!(c.seat in s.names)) return no('unknown_seat', `there is no seat ${c.seat}`);
  const [min, max] = s.settings.extraPointsRange;
  if (c.points < min || c.points > max)
    return no('not_allowed', `extra points must lie between ${min} and ${max}`);
  emit(tx, { type: 'extraPointsGiven', seat: c.seat, points: c.points });
  return undefined;
};

export const judgeHandlers = { foul, remark, disqualify, extraPoints };
