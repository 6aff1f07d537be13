import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameView } from '../../../shared/views/types.js';
import { mayDo } from './screen.js';

/** Extra points move in twentieths of a point (sport-rules.md): the input's step. */
export const POINTS_STEP = 0.05;

/** A player may be disqualified while he is in the game, from the deal to the end. */
export function canDisqualify(view: GameView, seat: Seat): boolean {
  if (view.viewer !== 'host' || view.over || view.phase.kind === 'lobby') return false;
  return view.seats.some((s) => s.seat === seat && s.alive);
}

/** Extra points are the judge's at any time of the game, and after it. */
export const canGiveExtraPoints = (view: GameView): boolean => mayDo(view, 'extraPoints') !== undefined;

/** Why a seat was disqualified, as the judge gave it; null when he was not. */
export const disqualification = (view: GameView, seat: Seat): string | null =>
  view.seats.find((s) => s.seat === seat)?.disqualifiedFor ?? null;

/** A seat's extra points, once the judge has given any; or null. */
export const extraPointsOf = (view: GameView, seat: Seat): number | null =>
  view.seats.find((s) => s.seat === seat)?.extraPoints ?? null;

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
