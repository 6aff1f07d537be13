import type { HowEliminated, Rejection, Seat } from '../domain/vocabulary.js';
import type { Winner } from '../roles/index.js';
import type { CommandOf } from './commands.js';
import type { GameState } from './state.js';
import type { Tx } from './tx.js';

/**
 * A family of rules as one plug-in: what its deal adds, its `act` at night, when its night window may close,
 * how its night resolves, what a removal brings, who has won. The engine calls these for every game and
 * branches on no family; a preset names the family it plays (`Preset.ruleSet`).
 */
export interface RuleSet {
  /** After the roles are dealt: the family's own holdings, recorded as events. */
  dealt(tx: Tx): void;
  /** `act` at night, once the phase and the living seat are checked. */
  act(tx: Tx, c: CommandOf<'act'>, seat: Seat): Rejection | undefined;
  /** Everyone who can act tonight has acted (A7: the window closes early). */
  everyoneActed(s: GameState): boolean;
  /** Records the night's resolution (`nightResolved` and whatever the family adds). */
  resolveNight(tx: Tx): void;
  /** What a removal brings besides the removal itself (D5, D12: a hanging pays). */
  afterElimination(tx: Tx, seat: Seat, how: HowEliminated): void;
  /** Who has won with the players now alive, or null while the game goes on. */
  winnerNow(s: GameState): Winner | null;
  /** D16: a night's holdings may decide the game with nobody eliminated. */
  winsOnNight: boolean;
}
