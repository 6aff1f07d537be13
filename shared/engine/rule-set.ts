import type { HowEliminated, Rejection, Seat } from '../domain/vocabulary.js';
import type { Winner } from '../roles/index.js';
import type { CommandOf } from './commands.js';
import type { GameState } from './state.js';
import type { Tx } from './tx.js';

/** An ability a seat holds, the seats it may name, and how many one use names. */
export interface ActOffer {
  ability: string;
  targets: Seat[];
  names: { min: number; max: number };
}

/**
 * A family of rules as one plug-in: what its deal adds, its `act` at night, when its night window may close,
 * how its night resolves, what a removal brings, who has won. The engine calls these for every game and
 * branches on no family; a preset names the family it plays (`Preset.ruleSet`).
 */
export interface RuleSet {
  /** After the roles are dealt: the family's own holdings, recorded as events. */
  dealt(tx: Tx): void;
  /** Why `act` at night is refused, once the phase and the living seat are checked (`now`: the command's time). */
  refuseAct(s: GameState, c: CommandOf<'act'>, seat: Seat, now: number): Rejection | undefined;
  /** What an `act` that passed `refuseAct` records. */
  applyAct(tx: Tx, c: CommandOf<'act'>, seat: Seat): void;
  /**
   * The family's part of `may`: the abilities a seat holds and the seats each may name, as the family's own
   * rules narrow them; the engine keeps of these only what `act` accepts now. `names`: how many seats one
   * use names.
   */
  actOffers(s: GameState, seat: Seat): ActOffer[];
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
