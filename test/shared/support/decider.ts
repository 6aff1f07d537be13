import { expect } from 'vitest';
import type { Actor, RejectionCode } from '../../../shared/domain/vocabulary.js';
import { type Command, parseCommand } from '../../../shared/engine/commands.js';
import { decide } from '../../../shared/engine/decide.js';
import { evolve } from '../../../shared/engine/evolve.js';
import { type GameState, initialState } from '../../../shared/engine/state.js';
import type { GameEvent } from '../../../shared/log/events.js';
import { VIRTUAL_EPOCH } from '../../../shared/play/table.js';

type Expected = Array<Partial<GameEvent> & { type: GameEvent['type'] }> | { rejected: RejectionCode };

/**
 * The decider's own test form: given the events already in the log, when an actor sends a command, then
 * these events follow (each matched on the fields it names, in order, and no others) or the command is
 * refused with this code and nothing is appended.
 */
export function given(...history: GameEvent[] | GameEvent[][]) {
  const events = (history as Array<GameEvent | GameEvent[]>).flat();
  const state: GameState = events.reduce(evolve, initialState);
  return {
    state,
    when(by: Actor, command: Command | Record<string, unknown>, at = VIRTUAL_EPOCH, seed?: number) {
      const parsed = parseCommand(command);
      if (!parsed.ok) throw new Error(`not a command: ${parsed.message}`);
      const decision = decide(state, parsed.command, { actor: by, now: at, seed });
      return {
        decision,
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the form the tests read in; never awaited.
        then(expected: Expected): GameEvent[] {
          if ('rejected' in expected) {
            expect(decision.ok ? 'accepted' : decision.rejection.code).toBe(expected.rejected);
            return [];
          }
          expect(decision.ok ? 'accepted' : `${decision.rejection.code}: ${decision.rejection.message}`).toBe(
            'accepted',
          );
          const got = decision.ok ? decision.events : [];
          expect(got).toMatchObject(expected);
          expect(got).toHaveLength(expected.length);
          return got;
        },
      };
    },
  };
}
