import type { Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';
import type { NewspaperPage } from '../forum/newspaper.js';
import type { CheckResult, Elimination } from '../log/records.js';
import type { RoleId, Winner } from '../roles/index.js';
import { blockedIn } from '../views/view.js';
import { totals } from './points.js';

/** The analyst's summary of a game at one version: what `mafia play` prints (docs/protocol.md). */
export interface GameResult {
  version: number;
  phase: { id: string; kind: string; round: number; stage: string };
  speaker: Seat | null;
  ballot: { kind: string; candidates: Seat[] } | null;
  over: boolean;
  winner: Winner | null;
  winners: Seat[];
  roles: Record<string, RoleId>;
  alive: Seat[];
  eliminated: Elimination[];
  points: Record<string, number> | null;
  fouls: Record<string, number>;
  /** What each check of a past night answered its checker; a blocked checker learned nothing (E13). */
  checks: Array<{ round: number; seat: Seat; target: Seat; result: CheckResult }>;
  /** The forum game's newspaper: each night's lines (seed 003); absent in other rule sets. */
  newspaper?: NewspaperPage[];
}

export function resultOf(s: GameState, version: number): GameResult {
  const over = s.phase.kind === 'over';
  return {
    version,
    phase: { id: s.phase.id, kind: s.phase.kind, round: s.phase.round, stage: s.phase.stage },
    speaker: s.speaker,
    ballot: s.ballot ? { kind: s.ballot.kind, candidates: s.ballot.candidates } : null,
    over,
    winner: over ? s.winner : null,
    winners: over ? s.winners : [],
    roles: { ...s.roles },
    alive: [...s.alive],
    eliminated: s.eliminated,
    points: totals(s),
    fouls: Object.fromEntries(Object.entries(s.fouls).filter(([, n]) => n > 0)),
    checks: s.nights.flatMap((n) =>
      n.actions
        .filter((a) => a.result !== undefined && !blockedIn(s, n.actions, a.seat))
        .map((a) => ({ round: n.round, seat: a.seat, target: a.target, result: a.result! })),
    ),
    ...(s.forum ? { newspaper: s.forum.newspaper } : {}),
  };
}
