import type { HowEliminated, Seat } from '../../../shared/domain/vocabulary.js';
import type { Phase } from '../../../shared/index.js';
import type { BallotRecord } from '../../../shared/log/records.js';
import type { RoleId } from '../../../shared/roles/index.js';
import type { GameView } from '../../../shared/views/types.js';

export interface SheetRow {
  seat: Seat;
  name: string;
  role: RoleId | null;
  fouls: number;
  remarks: number;
  out: { how: HowEliminated; round: number } | null;
  /** The judge's reason for a disqualification. */
  reason: string | null;
  winner: boolean;
  points: number | null;
  /** The judge's extra points, once he has given any. */
  extra: number | null;
}

export interface SheetDay {
  round: number;
  ballots: BallotRecord[];
}

export interface Sheet {
  rows: SheetRow[];
  days: SheetDay[];
  bestMove: { seat: Seat; targets: Seat[] } | null;
}

/**
 * The game sheet from what this viewer may see: one row per seat (roles as far as they are known), the
 * ballots of each day with their tallies, and the best move.
 */
export function sheetOf(view: GameView): Sheet {
  const rows = view.seats.map((s) => {
    const out = view.eliminated.find((e) => e.seat === s.seat);
    return {
      seat: s.seat,
      name: s.name,
      role: s.role,
      fouls: s.fouls,
      remarks: s.remarks,
      out: out ? { how: out.how, round: out.round } : null,
      reason: s.disqualifiedFor,
      winner: view.winners.includes(s.seat),
      points: view.points?.[s.seat] ?? null,
      extra: s.extraPoints,
    };
  });
  const rounds = [...new Set(view.ballots.map((b) => b.round))].sort((a, b) => a - b);
  const days = rounds.map((round) => ({ round, ballots: view.ballots.filter((b) => b.round === round) }));
  const b = view.bestMove;
  return { rows, days, bestMove: b?.targets ? { seat: b.seat, targets: b.targets } : null };
}

/** A ballot's tally in candidate order ("3: 4, 7: 2"), leave/stay for a lift vote. */
export function tallyEntries(b: BallotRecord): Array<[string, number]> {
  if (b.kind === 'lift')
    return [
      ['leave', b.tally.leave ?? 0],
      ['stay', b.tally.stay ?? 0],
    ];
  return b.candidates.map((c) => [String(c), b.tally[c] ?? 0]);
}

/** When a player left: a night's kill on night N, anything else on day N; there is no day 0, only its night. */
export function departurePhase(out: { how: HowEliminated; round: number }): Phase {
  const night = out.how === 'shot' || out.how === 'killed' || out.round === 0;
  return { id: '', kind: night ? 'night' : 'day', round: out.round, stage: night ? 'actions' : 'vote' };
}

/** The game sheet as a file to keep: what the sheet page shows, as data. */
export interface SheetFile {
  name: string;
  text: string;
}

/**
 * The sheet as this viewer sees it, in JSON: the game's rules and names, where it stands, every seat, every
 * day's ballots and the best move, and — where the view carries it — sport's or the club's protocol as the
 * server keeps it. A judge downloads it during the game as well as after.
 */
export function sheetFile(view: GameView, gameId: string): SheetFile {
  const sheet = sheetOf(view);
  const data = {
    gameId,
    preset: view.settings.preset,
    meta: view.settings.meta,
    host: view.hostName,
    phase: { kind: view.phase.kind, round: view.phase.round, stage: view.phase.stage },
    over: view.over,
    winner: view.winner,
    seats: sheet.rows,
    days: sheet.days,
    bestMove: sheet.bestMove,
    protocol: view.sheet,
  };
  return { name: `sheet-${gameId}.json`, text: `${JSON.stringify(data, null, 2)}\n` };
}
