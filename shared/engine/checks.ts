import type { Actor, Meta, Rejection, RejectionCode, Seat } from '../domain/vocabulary.js';
import { PRESETS } from '../rules/presets.js';
import type { CommandOf, CommandType } from './commands.js';
import type { GameState } from './state.js';
import type { Tx } from './tx.js';

/**
 * A command's rule in two parts: `refuse` says why the actor may not send it now (it reads the state and
 * records nothing), `apply` records what an accepted one does. `decide` runs both; the view's `may` runs
 * `refuse` alone on the commands it could offer, so the two can never disagree.
 */
export interface Rule<K extends CommandType> {
  refuse: (s: GameState, c: CommandOf<K>, who: Actor, meta: Meta) => Rejection | undefined;
  apply: (tx: Tx, c: CommandOf<K>, who: Actor) => void;
}

/** A rule from its two parts, typed by its command. */
export const rule = <K extends CommandType>(refuse: Rule<K>['refuse'], apply: Rule<K>['apply']): Rule<K> => ({
  refuse,
  apply,
});

export const no = (code: RejectionCode, message: string): Rejection => ({ code, message });

export const isRejection = (x: unknown): x is Rejection => typeof x === 'object' && x !== null && 'code' in x;

/**
 * The player giving his last word: out of the game already, he still speaks to the whole table — is seen,
 * heard and read by all — until his last word ends.
 */
export const givesLastWord = (s: Pick<GameState, 'phase' | 'speaker'>, seat: Seat): boolean =>
  s.phase.stage === 'lastWord' && s.speaker === seat;

export const inLobby = (s: GameState) => s.phase.kind === 'lobby' && s.phase.stage === 'lobby';

export const seatsOf = (s: GameState): Seat[] =>
  Object.keys(s.names)
    .map(Number)
    .sort((a, b) => a - b);

export const maxSeats = (s: GameState) => PRESETS[s.settings.preset].maxPlayers;

/** The actor's seat, if he has one. */
export function seated(s: GameState, who: Actor): Seat | Rejection {
  if (typeof who !== 'number' || !(who in s.names))
    return no('not_a_player', 'only a seated player can do that');
  return who;
}

/** The actor's seat, if he is still in the game. */
export function living(s: GameState, who: Actor): Seat | Rejection {
  const seat = seated(s, who);
  if (isRejection(seat)) return seat;
  return s.alive.includes(seat) ? seat : no('dead_player', 'you are out of the game');
}

/** A target that is a seat of this game and still in it. */
export function livingTarget(s: GameState, target: Seat | undefined): Seat | Rejection {
  if (target === undefined) return no('bad_command', 'a target seat is required');
  if (!(target in s.names)) return no('unknown_seat', `there is no seat ${target}`);
  if (!s.alive.includes(target)) return no('bad_target', `seat ${target} is out of the game`);
  return target;
}
