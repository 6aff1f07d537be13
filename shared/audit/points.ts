import type { Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';
import type { RoleId } from '../roles/index.js';
import { ROLES } from '../roles/index.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

export interface PointsLine {
  win: number;
  bestMove: number;
  extra: number;
  penalty: number;
  total: number;
}

/** Best-move bonus: +0.5 for three blacks named, +0.3 for two, by default (sport-rules.md). */
export function bestMoveBonus(s: GameState): number {
  if (!s.bestMove?.targets) return 0;
  const right = s.bestMove.targets.filter((t) => ROLES[s.roles[t] as RoleId]?.black).length;
  const [three, two] = s.settings.bestMovePoints;
  return right === 3 ? three : right === 2 ? two : 0;
}

/** Points per seat once the game is over (C7, sport-rules.md "Points"); null before. */
export function pointsBySeat(s: GameState): Record<string, PointsLine> | null {
  if (s.phase.kind !== 'over') return null;
  const lines: Record<string, PointsLine> = {};
  const last = s.eliminated[s.eliminated.length - 1];
  for (const seat of Object.keys(s.names).map(Number)) {
    const win = s.winners.includes(seat) ? 1 : 0;
    const bestMove = s.bestMove?.seat === seat ? bestMoveBonus(s) : 0;
    const extra = s.extraPoints[seat] ?? 0;
    lines[seat] = { win, bestMove, extra, penalty: penaltyOf(s, seat, win, last?.seat), total: 0 };
    const l = lines[seat];
    l.total = round2(l.win + l.bestMove + l.extra + l.penalty);
  }
  return lines;
}

function penaltyOf(s: GameState, seat: Seat, win: number, lastOut: Seat | undefined): number {
  const out = s.eliminated.find((e) => e.seat === seat);
  if (!out) return 0;
  if (out.how === 'disqualified') return win === 0 && lastOut === seat && s.winner !== 'draw' ? -0.7 : -0.5;
  if (out.how === 'fouls' || out.how === 'removed' || out.how === 'gaveUp') return -0.5;
  return 0;
}

export function totals(s: GameState): Record<string, number> | null {
  const lines = pointsBySeat(s);
  if (!lines) return null;
  return Object.fromEntries(Object.entries(lines).map(([seat, l]) => [seat, l.total]));
}
