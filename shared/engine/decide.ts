import { cleanName } from '../domain/names.js';
import type { Actor, Meta, Rejection, Seat } from '../domain/vocabulary.js';
import type { GameEvent } from '../log/events.js';
import { PRESETS } from '../rules/presets.js';
import { ruleSetOf } from '../rules/rule-sets.js';
import type { SettingsInput } from '../rules/settings.js';
import { mergeSettings } from '../rules/table.js';
import { mafiaMicRule } from '../video/mafia-mic.js';
import { isRejection, no, type Rule } from './checks.js';
import { type Command, type CommandType, HOST_COMMANDS } from './commands.js';
import { clockRules } from './handlers/clock.js';
import { dayRules } from './handlers/day.js';
import { judgeRules } from './handlers/judge.js';
import { checkSettings, lobbyRules, seatNewPlayer } from './handlers/lobby.js';
import { nightRules } from './handlers/night.js';
import { type GameState, initialState } from './state.js';
import { emit, openTx, type Tx } from './tx.js';

export type Decision = { ok: true; events: GameEvent[] } | { ok: false; rejection: Rejection };

/** The commands every family knows; a family's own (the forum's shop) come from its rule set. */
const rules: { [K in CommandType]?: Rule<K> } = {
  ...lobbyRules,
  ...nightRules,
  mafiaMic: mafiaMicRule,
  ...dayRules,
  ...clockRules,
  ...judgeRules,
};

function run(state: GameState, meta: Meta, body: (tx: Tx) => Rejection | undefined): Decision {
  const tx = openTx(state, meta);
  const rejection = body(tx);
  return rejection ? { ok: false, rejection } : { ok: true, events: tx.events };
}

/** A seat a new room opens with: a rematch seats the finished game's table as it sat. */
export interface CarriedSeat {
  seat: Seat;
  name: string;
  device?: string;
}

/** A new room: the preset's defaults with the creator's settings (and, for a rematch, its players). */
export function createGame(
  input: SettingsInput,
  hostName: string,
  meta: Meta,
  seats: readonly CarriedSeat[] = [],
  hostDevice?: string,
): Decision {
  const preset = PRESETS[input.preset ?? 'online'];
  const settings = mergeSettings(preset.defaults, input);
  const problem = checkSettings(settings);
  if (problem) return { ok: false, rejection: problem };
  if (cleanName(hostName).length === 0)
    return {
      ok: false,
      rejection: { code: 'bad_name', message: 'the host needs a name with a visible letter' },
    };
  return run(initialState, meta, (tx) => {
    emit(tx, {
      type: 'gameCreated',
      settings,
      hostName: cleanName(hostName),
      at: meta.now,
      ...(hostDevice === undefined ? {} : { hostDevice }),
    });
    for (const s of seats) {
      const rejection = seatNewPlayer(tx, s.name, s.seat, s.device);
      if (rejection) return rejection;
    }
    return undefined;
  });
}

/**
 * A player joins the lobby: at the seat asked for, or the lowest free one; `device` is the hash of his
 * phone's device key, and a phone that already sits here gets its own seat back.
 */
export function joinGame(
  state: GameState,
  name: string,
  seat: Seat | undefined,
  meta: Meta,
  device?: string,
): Decision {
  return run(state, meta, (tx) =>
    state.created ? seatNewPlayer(tx, name, seat, device) : no('wrong_phase', 'no such game'),
  );
}

/** The host opens a rematch once the game is over: the new game's id and room code are recorded here. */
export function openRematch(state: GameState, next: { gameId: string; code: string }, meta: Meta): Decision {
  return run(state, meta, (tx) => {
    if (!state.created) return no('wrong_phase', 'no such game');
    if (meta.actor !== 'host') return no('host_only', 'only the host opens a rematch');
    if (state.phase.kind !== 'over') return no('wrong_phase', 'a rematch follows a finished game');
    if (state.rematch)
      return no('not_allowed', `this table already plays again in room ${state.rematch.code}`);
    emit(tx, { type: 'rematchOpened', gameId: next.gameId, code: next.code });
    return undefined;
  });
}

/** Who a command really comes from: the connection's actor, or in moderator mode the seat the host records. */
function actorOf(s: GameState, c: Command, meta: Meta): Actor | Rejection {
  if (c.as === undefined) return meta.actor;
  if (meta.actor !== 'host') return no('as_not_allowed', 'only the host records moves for a seat');
  if (s.settings.master !== 'moderator')
    return no('as_not_allowed', 'moves are recorded for a seat only in moderator mode');
  if (!(c.as in s.names)) return no('unknown_seat', `there is no seat ${c.as}`);
  return c.as;
}

/** The checks every command passes before its handler: the game, the actor, his right to send it. */
function gate(state: GameState, command: Command, meta: Meta): Actor | Rejection {
  if (!state.created) return no('wrong_phase', 'no such game');
  const who = actorOf(state, command, meta);
  if (isRejection(who)) return who;
  const hostCommand = HOST_COMMANDS.has(command.type);
  if (hostCommand && meta.actor !== 'host') return no('host_only', 'only the host can do that');
  if (hostCommand && command.as !== undefined)
    return no('as_not_allowed', `${command.type} is the host's own`);
  if (command.type === 'timeUp' && meta.actor !== 'system')
    return no('not_allowed', 'deadlines come from the game master');
  if (state.phase.kind === 'over' && command.type !== 'extraPoints' && command.type !== 'say') {
    return no('game_over', 'the game is over');
  }
  const playerMove = !hostCommand && command.type !== 'timeUp';
  if (playerMove && meta.actor === 'host' && command.as === undefined) {
    return no(
      'not_a_player',
      state.settings.master === 'moderator' ? `record it for a seat with "as"` : 'the host does not play',
    );
  }
  const moderated = state.settings.master === 'moderator' && state.phase.kind !== 'lobby';
  if (
    playerMove &&
    moderated &&
    meta.actor !== 'host' &&
    command.type !== 'say' &&
    command.type !== 'bestMove'
  ) {
    return no('not_allowed', 'in a moderated game the host records every move');
  }
  return who;
}

/** The command's rule, typed by its command: a common one, or one of the game's own family. */
const ruleOf = (state: GameState, command: Command) =>
  (rules[command.type] ?? ruleSetOf(state).commands[command.type]) as Rule<typeof command.type> | undefined;

/** Who sends the command, once the gate and its rule let it through. */
function accepted(state: GameState, command: Command, meta: Meta): Actor | Rejection {
  const who = gate(state, command, meta);
  if (isRejection(who)) return who;
  const rule = ruleOf(state, command);
  if (rule === undefined) return no('not_allowed', `this game has no ${command.type}`);
  return rule.refuse(state, command as never, who, meta) ?? who;
}

/**
 * Why the game refuses a command now, or undefined when `decide` would take it: the very checks `decide`
 * runs, recording nothing. The view's `may` asks it about every command it could offer.
 */
export function refusal(state: GameState, command: Command, meta: Meta): Rejection | undefined {
  const who = accepted(state, command, meta);
  return isRejection(who) ? who : undefined;
}

/** Validates a command against the game and returns the events it produces, or why it is refused. */
export function decide(state: GameState, command: Command, meta: Meta): Decision {
  return run(state, meta, (tx) => {
    const who = accepted(state, command, meta);
    if (isRejection(who)) return who;
    ruleOf(state, command)?.apply(tx, command as never, who);
    return undefined;
  });
}
