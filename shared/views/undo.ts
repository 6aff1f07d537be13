import type { Seat } from '../domain/vocabulary.js';
import type { GameState, Scratch } from '../engine/state.js';
import type { AbilityId } from '../roles/index.js';

/**
 * What the host's `undo` would take back now, for its key to say ("Undo: foul of seat 4"). Read off the
 * state against the copy undo would restore, so the engine keeps nothing extra for it.
 */
export type UndoStep =
  | { kind: 'foul' | 'remark' | 'disqualification'; seat: Seat }
  | { kind: 'shot'; target: Seat | null }
  | { kind: 'act'; ability: AbilityId; seat: Seat; target: Seat }
  | { kind: 'vote'; seat: Seat }
  | { kind: 'nomination'; target: Seat }
  /** Any other recorded move (a forum order). */
  | { kind: 'move' };

export function undoStepOf(s: GameState): UndoStep | null {
  if (s.judgeUndo) return judgeStep(s.judgeUndo.before, s);
  const last = s.undo[s.undo.length - 1];
  return last ? scratchStep(last, s) : null;
}

/** The judge's action: the first seat whose disqualifications, fouls or remarks differ from before it. */
function judgeStep(before: GameState, now: GameState): UndoStep | null {
  const dq = now.disqualifications.find((d) => !before.disqualifications.some((b) => b.seat === d.seat));
  if (dq) return { kind: 'disqualification', seat: dq.seat };
  const foul = changedSeat(before.fouls, now.fouls);
  if (foul !== null) return { kind: 'foul', seat: foul };
  const remark = changedSeat(before.remarks, now.remarks);
  if (remark !== null) return { kind: 'remark', seat: remark };
  return null;
}

/** The scratch move: whichever part of the phase's scratch differs from the copy undo restores. */
function scratchStep(last: Scratch, now: GameState): UndoStep {
  if (now.recordedShot !== last.recordedShot && now.recordedShot)
    return { kind: 'shot', target: now.recordedShot.target };
  if (now.actions.length > last.actions.length) {
    const a = now.actions[now.actions.length - 1];
    return { kind: 'act', ability: a.ability, seat: a.seat, target: a.target };
  }
  if (now.ballot && now.ballot !== last.ballot) {
    const voter = changedSeat(last.ballot?.votes ?? {}, now.ballot.votes);
    if (voter !== null) return { kind: 'vote', seat: voter };
  }
  const nominations = now.day?.nominations ?? [];
  const changed =
    nominations.find((n) => !last.nominations.some((m) => m.target === n.target)) ??
    last.nominations.find((m) => !nominations.some((n) => n.target === m.target));
  if (changed) return { kind: 'nomination', target: changed.target };
  return { kind: 'move' };
}

function changedSeat<T>(before: Record<string, T>, now: Record<string, T>): Seat | null {
  const keys = new Set([...Object.keys(before), ...Object.keys(now)]);
  for (const key of keys) if (before[key] !== now[key]) return Number(key);
  return null;
}
