import type { Actor, Meta, Rejection, Seat } from '../domain/vocabulary.js';
import type { GameEvent } from '../log/events.js';
import { PRESETS } from '../rules/presets.js';
import type { SettingsInput } from '../rules/settings.js';
import { mergeSettings } from '../rules/table.js';
import { decideMafiaMic } from '../video/mafia-mic.js';
import { type Handler, isRejection, no } from './checks.js';
import { type Command, type CommandType, HOST_COMMANDS } from './commands.js';
import { clockHandlers } from './handlers/clock.js';
import { dayHandlers } from './handlers/day.js';
import { judgeHandlers } from './handlers/judge.js';
import { checkSettings, lobbyHandlers, seatNewPlayer } from './handlers/lobby.js';
import { nightHandlers } from './handlers/night.js';
import { type GameState, initialState } from './state.js';
import { emit, openTx, type Tx } from './tx.js';

export type Decision = { ok: true; events: GameEvent[] } | { ok: false; rejection: Rejection };

const handlers: { [K in CommandType]: Handler<K> } = {
  ...lobbyHandlers,
  ...nightHandlers,
  mafiaMic: decideMafiaMic,
  ...dayHandlers,
  ...clockHandlers,
  ...judgeHandlers,
};

function run(state: GameState, meta: Meta, body: (tx: Tx) => Rejection | undefined): Decision {
  const tx = openTx(state, meta);
  const rejection = body(tx);
  return rejection ? { ok: false, rejection } : { ok: true, events: tx.events };
}

/** A new room: the preset's defaults with the creator's settings. */
export function createGame(input: SettingsInput, hostName: string, meta: Meta): Decision {
  const preset = PRESETS[input.preset ?? 'online'];
  const settings = mergeSettings(preset.defaults, input);
  const problem = checkSettings(settings);
  if (problem) return { ok: false, rejection: problem };
  return run(initialState, meta, (tx) => {
    emit(tx, { type: 'gameCreated', settings, hostName, at: meta.now });
    return undefined;
  });
}

/** A player joins the lobby: at the seat asked for, or the lowest free one. */
export function joinGame(state: GameState, name: string, seat: Seat | undefined, meta: Meta): Decision {
  return run(state, meta, (tx) =>
    state.created ? seatNewPlayer(tx, name, seat) : no('wrong_phase', 'no such game'),
  );
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

/** Validates a command against the game and returns the events it produces, or why it is refused. */
export function decide(state: GameState, command: Command, meta: Meta): Decision {
  return run(state, meta, (tx) => {
    const who = gate(state, command, meta);
    if (isRejection(who)) return who;
    const handler = handlers[command.type] as Handler<typeof command.type>;
    return handler(tx, command as never, who);
  });
}
