import { parseCommand, type ServerFrame } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import { commitAttempt } from './commit.js';
import { type AppDeps, bindingExpiry } from './deps.js';
import {
  busyFrame,
  errorFrame,
  linksFrame,
  notBound,
  type Reply,
  type ReplyLog,
  spectatorRefusal,
  viewWithChat,
} from './frames.js';
import type { HeldGame } from './game-cache.js';

export interface CommandFrame {
  commandId: string;
  expectedVersion?: number;
  command: unknown;
}

/**
 * `command`: a move by the connection's own seat, or by the host. Who acts comes from the connection's
 * binding, never from the frame; the host may act for a seat (`as`) only where the engine allows it.
 */
export async function handleCommand(
  deps: AppDeps,
  connectionId: string,
  frame: CommandFrame,
): Promise<Reply> {
  const { commandId } = frame;
  const type = commandType(frame.command);
  const log = { action: 'command', commandId, type };
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound(log);
  const { gameId, seat } = binding;
  if (seat === 'spectator') return spectatorRefusal({ ...log, game: gameId }, commandId);
  const parsed = parseCommand(frame.command);
  if (!parsed.ok) {
    return {
      frames: [{ type: 'rejected', commandId, code: 'bad_command', message: parsed.message }],
      log: { ...log, game: gameId, outcome: 'bad_command' },
    };
  }
  const command = parsed.command;
  const outcome = await commitAttempt(deps, {
    gameId,
    commandId,
    actor: String(seat),
    expectedVersion: frame.expectedVersion,
    // The deal's seed is drawn once and recorded with the command, so an audit deals the same cards.
    command: command.type === 'start' ? { ...command, seed: deps.ids.seed() } : command,
  });
  const withGame = { ...log, game: gameId };
  if (outcome.kind === 'rejected' || outcome.kind === 'stale') deps.meter.count(Metric.commandRejected);
  if (outcome.kind === 'appended' || outcome.kind === 'duplicate' || outcome.kind === 'unchanged') {
    deps.meter.count(Metric.commandAccepted);
  }
  switch (outcome.kind) {
    case 'noGame':
      return { frames: [errorFrame('no_game', 'no such game')], log: { ...withGame, outcome: 'no_game' } };
    case 'busy':
      return { frames: [busyFrame(commandId)], log: { ...withGame, outcome: 'busy' } };
    case 'rejected':
      return {
        frames: [{ type: 'rejected', commandId, ...outcome.rejection }],
        log: { ...withGame, outcome: outcome.rejection.code },
      };
    case 'stale':
      return {
        frames: [
          {
            type: 'rejected',
            commandId,
            code: 'stale_version',
            message: `the game is at version ${outcome.version}, not ${frame.expectedVersion}`,
          },
        ],
        log: { ...withGame, outcome: 'stale_version', version: outcome.version },
      };
    case 'appended': {
      // The sender hears his command was taken before what it did to his own seat (a leave ends his token).
      const after = await followSeatMoves(deps, outcome.game, outcome.version, connectionId);
      const reply = ack(commandId, outcome.version, withGame, 'accepted');
      return { ...reply, frames: [...reply.frames, ...after] };
    }
    case 'duplicate':
    case 'unchanged':
      return ack(commandId, outcome.version, withGame, outcome.kind);
  }
}

function ack(commandId: string, version: number, log: Omit<ReplyLog, 'outcome'>, outcome: string): Reply {
  return { frames: [{ type: 'ack', commandId, version }], log: { ...log, outcome, version } };
}

/**
 * A player who moved seats in the lobby takes his connections with him (his token follows him through the
 * log, see tokens.ts). Each moved connection is sent its new seat's view at once: a view the projector
 * built before the move was for the seat he left. A player who left the table (or was removed) is cut
 * loose: his connections are unbound and told so, and never see the seat's next player.
 */
async function followSeatMoves(
  deps: AppDeps,
  game: HeldGame,
  version: number,
  sender: string,
): Promise<ServerFrame[]> {
  const moves = game.moves.filter((m) => m.seq === version);
  if (moves.length === 0) return [];
  const connections = await deps.directory.connectionsOf(game.gameId);
  const folded = game.folded;
  // The sender's own frames go out after his ack, in the reply; the others' are posted now.
  const forSender: ServerFrame[] = [];
  for (const move of moves) {
    for (const c of connections) {
      if (c.seat !== move.from) continue;
      const send = (frame: ServerFrame) =>
        c.connectionId === sender ? forSender.push(frame) : deps.fanOut.post(c.connectionId, frame);
      if (move.to === null) {
        await deps.directory.unbindConnection(c.connectionId);
        await send(errorFrame('bad_token', 'you are no longer seated at this table'));
        continue;
      }
      const binding = { gameId: game.gameId, seat: move.to };
      await deps.directory.bindConnection(c.connectionId, binding, bindingExpiry(deps));
      for (const frame of viewWithChat(folded, move.to)) await send(frame);
      await send(linksFrame(folded, move.to));
    }
  }
  return forSender;
}

function commandType(command: unknown): string | undefined {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type.slice(0, 40) : undefined;
}
