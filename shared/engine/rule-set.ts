import type { HowEliminated, Rejection, Seat } from '../domain/vocabulary.js';
import type { RuleSetEvent } from '../log/events.js';
import type { TeamId, Winner } from '../roles/index.js';
import type { RuleSetViewParts, Viewer } from '../views/types.js';
import type { Rule } from './checks.js';
import type { CommandSchema } from './command-fields.js';
import type { ActAbility, CommandOf, CommandType } from './commands.js';
import type { Offer } from './may.js';
import type { GameState } from './state.js';
import type { Tx } from './tx.js';

/** Commands only some families know (the forum's shop): each family gives the rules of those it plays. */
export type RuleSetCommands = { [K in CommandType]?: Rule<K> };
/** How `may` offers a family's own commands, each built by asking `decide`'s checks as the common ones are. */
export type RuleSetOffers = { [K in CommandType]?: Offer };

/** An ability a seat holds, the seats it may name, and how many one use names. */
export interface ActOffer {
  ability: string;
  targets: Seat[];
  names: { min: number; max: number };
}

/**
 * A family of rules as one plug-in: what its deal adds, its `act` at night and its own commands, its own
 * events and part of the state, when its night window may close, how its night resolves, what a removal
 * brings, who is on which side, who has won, and its own part of each view. The engine and the views call
 * these for every game and branch on no family; a preset names the family it plays (`Preset.ruleSet`).
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
  /** The commands this family adds to the common ones; another family's game refuses them. */
  commands: RuleSetCommands;
  /** The schemas of those commands (`shared/engine/commands.ts` gathers them with the common ones). */
  commandSchemas: readonly CommandSchema[];
  /** The abilities `act` may name in this family besides the common verbs. */
  abilityIds: readonly ActAbility[];
  /** How `may` offers this family's own commands. */
  offers: RuleSetOffers;
  /** Applies one of the family's own events (`RuleSetEvent`) to the state; never throws. */
  evolve(s: GameState, e: RuleSetEvent): GameState;
  /** What moderator-mode `undo` must bring back of the family's own part: kept with each undoable move. */
  scratch(s: GameState): unknown;
  /** The family's own part as it was when `scratch` kept `kept`. */
  takeBack(s: GameState, kept: unknown): GameState;
  /** Why this living seat may not vote now, or undefined (the forum's paralysed, or a vote spent on a purchase). */
  voteRefusal(s: GameState, seat: Seat): Rejection | undefined;
  /** Everyone who can act tonight has acted (A7: the window closes early). */
  everyoneActed(s: GameState): boolean;
  /** Records the night's resolution (`nightResolved` and whatever the family adds). */
  resolveNight(tx: Tx): void;
  /** What a removal brings besides the removal itself (D5, D12: a hanging pays). */
  afterElimination(tx: Tx, seat: Seat, how: HowEliminated): void;
  /** The side a seat wins with in this family (one answer per role and family: the Doctor is one or the other). */
  teamOf(s: GameState, seat: Seat): TeamId | undefined;
  /** Who has won with the players now alive, or null while the game goes on. */
  winnerNow(s: GameState): Winner | null;
  /** D16: a night's holdings may decide the game with nobody eliminated. */
  winsOnNight: boolean;
  /** The night moves come from the role and ability tables (`you.abilities`); false: from the family's view part. */
  tableMoves: boolean;
  /**
   * What is wrong with dealing these roles, as this family sees it, or null: `ownGame` when the game plays
   * this family (a role it does not know), otherwise a game of another family (a role that is its alone).
   */
  rolesProblem(roles: readonly string[], ownGame: boolean): string | null;
  /** The family's part of a view, built for this viewer; every family's key is in every view (null elsewhere). */
  view(s: GameState, viewer: Viewer, privileged: boolean): Partial<RuleSetViewParts>;
}
