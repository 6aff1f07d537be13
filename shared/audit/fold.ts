import { evolve } from '../engine/evolve.js';
import { type GameState, initialState } from '../engine/state.js';
import type { GameEvent } from '../log/events.js';

/** One commit of a game's log as the pure core sees it: the events of one command. */
export interface CommitLike {
  seq: number;
  events: readonly unknown[];
}

/** A game folded up to a version: the one replay used by the projector, the CLI, the PWA and the tests. */
export interface Folded {
  version: number;
  state: GameState;
}

export const emptyFold: Folded = { version: 0, state: initialState };

/** Sees each event as the fold applies it: the state before and after, and the commit it belongs to. */
export type FoldObserver = (before: GameState, after: GameState, event: unknown, seq: number) => void;

export function foldCommits(
  from: Folded,
  commits: readonly CommitLike[],
  upTo = Number.POSITIVE_INFINITY,
  observe?: FoldObserver,
): Folded {
  let { version, state } = from;
  for (const c of commits) {
    if (c.seq <= version) continue;
    if (c.seq > upTo) break;
    for (const e of c.events) {
      const after = evolve(state, e as GameEvent);
      observe?.(state, after, e, c.seq);
      state = after;
    }
    version = c.seq;
  }
  return { version, state };
}
