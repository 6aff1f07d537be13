import type { ClockView } from '../../../shared/views/types.js';

/**
 * Whole seconds left on a phase clock, or null without one. A running clock ends at `at` (the server's
 * epoch ms); `remaining` is what the step was given when it (re)started, so it caps the count when this
 * phone's clock runs behind the server's. A paused clock shows what it had left.
 */
export function secondsLeft(clock: ClockView | null, now: number): number | null {
  if (!clock) return null;
  if (clock.at === null) return Math.ceil(Math.max(0, clock.remaining) / 1000);
  const left = Math.max(0, Math.min(clock.at - now, clock.remaining));
  return Math.ceil(left / 1000);
}

/** 75 → "1:15"; 9 → "0:09"; a forum day's 86400 → "24:00:00". */
export function formatSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
