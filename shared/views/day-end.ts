import { clubDayLine } from '../audit/club-sheet.js';
import type { Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';

/**
 * How a day ended with nobody voted out, told to every phone through the night that follows: a tie, a
 * leader kept by the Putana's alibi (E12), a lift-all vote that kept them all, a vote nobody won (no
 * votes, or no majority), no vote held (too few candidates, a first day without one), a cancelled vote.
 */
export interface DayEndView {
  round: number;
  how: 'tie' | 'alibi' | 'allStay' | 'nobody' | 'noVote' | 'cancelled';
  /** The seats it names: the tied leaders, the one the alibi kept, those the lift-all vote kept. */
  seats: Seat[];
}

const told = new WeakMap<GameState, DayEndView | null>();

/**
 * Read off the day's line of the game sheet (the club's, which knows the alibi): the sheet and this agree.
 * The same for every viewer of a state, so built once per state (views are serialised, never changed).
 */
export function dayEndOf(s: GameState): DayEndView | null {
  if (!told.has(s)) told.set(s, build(s));
  return told.get(s) ?? null;
}

function build(s: GameState): DayEndView | null {
  const { kind, round } = s.phase;
  if (kind !== 'night' || round < 1 || s.forum) return null;
  const day = clubDayLine(s, round);
  if (day.result === 'out' || day.result === 'pending') return null;
  if (day.stayed.length > 0) return { round, how: 'alibi', seats: day.stayed };
  if (day.result === 'cancelled') return { round, how: 'cancelled', seats: [] };
  const last = day.ballots.at(-1);
  // Continuous majority (B9) holds no separate vote: a day without a majority is a vote nobody won.
  if (!last) return { round, how: s.settings.voting === 'majority' ? 'nobody' : 'noVote', seats: [] };
  if (last.kind === 'lift') return { round, how: 'allStay', seats: last.candidates };
  const cast = Object.values(last.tally).some((n) => n > 0);
  if (cast && last.leaders.length > 1) return { round, how: 'tie', seats: last.leaders };
  return { round, how: 'nobody', seats: [] };
}
