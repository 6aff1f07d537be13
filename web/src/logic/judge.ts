import type { Seat } from '../../../shared/engine/types.js';
import type { GameView } from '../../../shared/views/types.js';

/** Extra points move in twentieths of a point (sport-rules.md): the input's step. */
export const POINTS_STEP = 0.05;

/**
 * What the judge decided from this desk that the view may not carry yet: the view has extra points only in
 * sport's final sheet, and a disqualification's reason only in sport's sheet, which a host of an automatic
 * room sees only at the end.
 */
export interface JudgeNotes {
  extra: Record<number, number>;
  reasons: Record<number, string>;
}

export const noNotes = (): JudgeNotes => ({ extra: {}, reasons: {} });

/** A player may be disqualified while he is in the game, from the deal to the end. */
export function canDisqualify(view: GameView, seat: Seat): boolean {
  if (view.viewer !== 'host' || view.over || view.phase.kind === 'lobby') return false;
  return view.seats.some((s) => s.seat === seat && s.alive);
}

/** Extra points are the judge's at any time of the game, and after it. */
export const canGiveExtraPoints = (view: GameView): boolean =>
  view.viewer === 'host' && view.phase.kind !== 'lobby';

/**
 * Why a seat was disqualified: the reason from sport's sheet, or the one given from this desk; an empty
 * string when neither knows it; null when he was not disqualified.
 */
export function disqualification(view: GameView, seat: Seat, notes: JudgeNotes): string | null {
  if (!view.eliminated.some((e) => e.seat === seat && e.how === 'disqualified')) return null;
  return view.sheet?.seats.find((l) => l.seat === seat)?.left?.reason ?? notes.reasons[seat] ?? '';
}

/** A seat's extra points: from the final sheet once it has points, or those given from this desk; or null. */
export function extraPointsOf(view: GameView, seat: Seat, notes: JudgeNotes): number | null {
  const line = view.sheet?.seats.find((l) => l.seat === seat)?.points;
  if (line) return line.extra;
  return notes.extra[seat] ?? null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Points as typed, checked against the game's range and the step; null when they cannot be sent. */
export function pointsFrom(range: readonly [number, number], value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const [min, max] = range;
  const steps = value / POINTS_STEP;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return null;
  const points = round2(value);
  return points >= min && points <= max ? points : null;
}

/** "+0.5", "−0.25", "0": a point value as a judge writes it, with a true minus sign. */
export function signed(points: number): string {
  const abs = String(round2(Math.abs(points)));
  return points > 0 ? `+${abs}` : points < 0 ? `−${abs}` : '0';
}
