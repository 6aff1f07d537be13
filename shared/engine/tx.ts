import type { Meta } from '../domain/vocabulary.js';
import type { GameEvent } from '../log/events.js';
import { evolve } from './evolve.js';
import type { GameState } from './state.js';

/** Events being decided, with the state they lead to: later decisions of one command read earlier ones. */
export interface Tx {
  state: GameState;
  readonly meta: Meta;
  readonly events: GameEvent[];
}

export const openTx = (state: GameState, meta: Meta): Tx => ({ state, meta, events: [] });

export function emit(tx: Tx, event: GameEvent): void {
  tx.events.push(event);
  tx.state = evolve(tx.state, event);
}
