import type { Seat } from '../../domain/vocabulary.js';
import { isRejection, livingTarget, no, rule } from '../checks.js';
import { removeNow } from '../flow.js';
import type { GameState } from '../state.js';
import { emit, type Tx } from '../tx.js';

/** Seals a foul, remark or disqualification as one action the judge may take back (moderator mode). */
function ended(tx: Tx): void {
  if (tx.state.judgeUndo?.open) emit(tx, { type: 'judgeActionEnded' });
}

/** The game has begun: the judge's penalties are for players in play. */
const inPlay = (s: GameState) =>
  s.phase.kind === 'lobby' ? no('wrong_phase', 'the game has not started') : undefined;

const foul = rule<'foul'>(
  (s, c) =>
    // A player already out (in his last word, or shot tonight) still takes fouls into his boxes.
    inPlay(s) ?? (c.seat in s.names ? undefined : no('unknown_seat', `there is no seat ${c.seat}`)),
  (tx, c) => {
    const fouls = (tx.state.fouls[c.seat] ?? 0) + 1;
    emit(tx, { type: 'foulGiven', seat: c.seat, fouls, at: tx.meta.now });
    if (fouls >= 4 && tx.state.alive.includes(c.seat)) removeNow(tx, c.seat, 'fouls');
    ended(tx);
  },
);

/** A judge's remark or disqualification names a player still in the game. */
const livingInPlay = (s: GameState, seat: Seat) => {
  const target = inPlay(s) ?? livingTarget(s, seat);
  return isRejection(target) ? target : undefined;
};

const remark = rule<'remark'>(
  (s, c) => livingInPlay(s, c.seat),
  (tx, c) => {
    emit(tx, { type: 'remarkGiven', seat: c.seat, remarks: (tx.state.remarks[c.seat] ?? 0) + 1 });
    ended(tx);
  },
);

const disqualify = rule<'disqualify'>(
  (s, c) => livingInPlay(s, c.seat),
  (tx, c) => {
    emit(tx, { type: 'playerDisqualified', seat: c.seat, reason: c.reason });
    removeNow(tx, c.seat, 'disqualified');
    ended(tx);
  },
);

const extraPoints = rule<'extraPoints'>(
  (s, c) => {
    if (!(c.seat in s.names)) return no('unknown_seat', `there is no seat ${c.seat}`);
    const [min, max] = s.settings.extraPointsRange;
    if (c.points < min || c.points > max)
      return no('not_allowed', `extra points must lie between ${min} and ${max}`);
    return undefined;
  },
  (tx, c) => emit(tx, { type: 'extraPointsGiven', seat: c.seat, points: c.points }),
);

export const judgeRules = { foul, remark, disqualify, extraPoints };
