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

/** 75 → "1:15"; 9 → "0:09". */
export function formatSeconds(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
