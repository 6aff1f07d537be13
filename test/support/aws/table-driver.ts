import type { Actor, Seat } from '../../../shared/domain/vocabulary.js';
import { parseCommand } from '../../../shared/engine/commands.js';
import { decide } from '../../../shared/engine/decide.js';
import { seededRandom } from '../../../shared/engine/random.js';
import type { GameState } from '../../../shared/engine/state.js';
import { type Command, hostMoves, seatMoves } from '../../shared/support/moves.js';

/** The seeded generator the deal uses: the same seed plays the same moves. */
export type Rng = () => number;
export const rngOf = (seed: number): Rng => seededRandom(seed);
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/** A move a table makes: who sends it, and what. */
export interface Move {
  actor: Actor;
  command: Command;
}

/**
 * How much a table wants each kind of move: what ends a step (a shot, a vote, a host's advance) comes up
 * far more than talk, so that every family's game reaches its end in a few hundred moves.
 */
const WEIGHT: Record<string, number> = {
  act: 6,
  vote: 6,
  nominate: 4,
  advance: 5,
  endSpeech: 4,
  knowTeam: 6,
  pickCard: 6,
  bestMove: 2,
  recordShot: 3,
  say: 1,
  foul: 0.05,
};

const legal = (s: GameState, { actor, command }: Move, now: number): boolean => {
  const parsed = parseCommand(command);
  return parsed.ok && decide(s, parsed.command, { actor, now }).ok;
};

/**
 * The moves a table might make now, each legal at `s`: the host's (pausing, extending and undoing left
 * out: they only lengthen a game) and every seat's, `as` the seat where a moderator records the game.
 */
export function legalMoves(s: GameState, now: number): Move[] {
  const moderated = s.settings.master === 'moderator';
  const moves: Move[] = hostMoves(s)
    .filter((c) => WEIGHT[String(c.type)] !== undefined)
    .map((command) => ({ actor: 'host', command }));
  for (const seat of Object.keys(s.names).map(Number) as Seat[]) {
    for (const command of seatMoves(s, seat))
      moves.push(moderated ? { actor: 'host', command: { ...command, as: seat } } : { actor: seat, command });
  }
  return moves.filter((m) => legal(s, m, now));
}

/**
 * One of `moves`: a kind of move drawn by its weight, then one move of that kind. Drawn by kind, not by
 * move, so that a kind with many targets (votes that may be changed at will) does not crowd out the rest.
 */
export function weightedPick(rng: Rng, moves: readonly Move[]): Move {
  const kinds = [...new Set(moves.map((m) => String(m.command.type)))];
  const weights = kinds.map((k) => WEIGHT[k] ?? 1);
  let left = rng() * weights.reduce((a, b) => a + b, 0);
  let kind = kinds[kinds.length - 1];
  for (const [i, w] of weights.entries()) {
    left -= w;
    if (left < 0) {
      kind = kinds[i];
      break;
    }
  }
  const ofKind = moves.filter((m) => m.command.type === kind);
  // A table that agrees on its target: shots and votes mostly go to the lowest seat they may, so that
  // split shots and tied votes do not stretch a game without end.
  const targets = ofKind.map((m) => m.command.target).filter((t): t is number => typeof t === 'number');
  const focus = targets.length > 0 ? Math.min(...targets) : undefined;
  if (focus !== undefined && rng() < 0.8)
    return pick(
      rng,
      ofKind.filter((m) => m.command.target === focus),
    );
  return pick(rng, ofKind);
}
