import type { ClientFrame } from '../../shared/index.js';
import type { DeadlineJob } from '../ports/scheduler.js';
import {
  type DeadlineOutcome,
  fireDeadline,
  rearmDeadlines,
  type SweepResult,
  sweepDeadlines,
} from './deadline.js';
import { type AppDeps, type AppOptions, type AppPorts, makeDeps } from './deps.js';
import type { Reply } from './frames.js';
import { handleCommand } from './handle-command.js';
import { type Projection, project } from './projector.js';
import { pushKey, subscribePush } from './push.js';
import { openRematchRoom } from './rematch.js';
import { createRoom, joinRoom } from './rooms.js';
import { disconnect, pong, resume, sync } from './session.js';
import { relaySignal } from './signal.js';
import { readThread } from './thread.js';
import { createTournament, openTournamentTable, readTournament, swapInTournament } from './tournaments.js';
import { watchRoom } from './watch.js';
import { wrongGame } from './wrong-game.js';

/** The application service: what the handlers call, on AWS and locally alike. */
export interface App {
  /**
   * Answers one validated client frame from a connection with the frames to send back to it. `sourceIp` is
   * where the connection comes from (API Gateway's `identity.sourceIp`).
   */
  handleFrame(connectionId: string, frame: ClientFrame, sourceIp?: string): Promise<Reply>;
  disconnect(connectionId: string): Promise<void>;
  /**
   * Commits of `gameId` up to `seq` were written, the first of them not yet projected at `from` (`seq` when
   * only one is new): send views, schedule the deadline.
   */
  project(gameId: string, seq: number, from?: number): Promise<Projection>;
  fireDeadline(job: DeadlineJob): Promise<DeadlineOutcome>;
  /** Schedules every game's pending deadline again (after a restart of the local runtime). */
  rearmDeadlines(): Promise<number>;
  /** Fires every deadline whose timer is overdue (the sweeper, each minute). */
  sweepDeadlines(): Promise<SweepResult>;
  readonly deps: AppDeps;
}

export function createApp(ports: AppPorts, options: AppOptions = {}): App {
  const deps = makeDeps(ports, options);
  return {
    deps,
    handleFrame: async (connectionId, frame, sourceIp) =>
      (await wrongGame(deps, connectionId, frame)) ?? route(deps, connectionId, frame, sourceIp),
    disconnect: (connectionId) => disconnect(deps, connectionId),
    project: (gameId, seq, from) => project(deps, gameId, seq, from),
    fireDeadline: (job) => fireDeadline(deps, job),
    rearmDeadlines: () => rearmDeadlines(deps),
    sweepDeadlines: () => sweepDeadlines(deps),
  };
}

function route(
  deps: AppDeps,
  connectionId: string,
  frame: ClientFrame,
  sourceIp: string | undefined,
): Promise<Reply> {
  switch (frame.action) {
    case 'create':
      return createRoom(deps, connectionId, frame.settings, frame.name, sourceIp, frame.device);
    case 'join':
      return joinRoom(deps, connectionId, frame.code, frame.name, frame.seat, frame.device);
    case 'watch':
      return watchRoom(deps, connectionId, frame.code);
    case 'resume':
      return resume(deps, connectionId, frame.gameId, frame.token);
    case 'command':
      return handleCommand(deps, connectionId, frame);
    case 'sync':
      return sync(deps, connectionId);
    case 'rematch':
      return openRematchRoom(deps, connectionId, sourceIp);
    case 'ping':
      return pong(deps, connectionId);
    case 'signal':
      return relaySignal(deps, connectionId, frame);
    case 'thread':
      return readThread(deps, connectionId, frame.before, frame.channel);
    case 'pushKey':
      return pushKey(deps);
    case 'push':
      return subscribePush(deps, connectionId, frame.subscription, frame.serverKey);
    case 'tournamentCreate':
      return createTournament(deps, frame);
    case 'tournamentRead':
      return readTournament(deps, frame.tournamentId, frame.player);
    case 'tournamentSwap':
      return swapInTournament(deps, frame);
    case 'tournamentTable':
      return openTournamentTable(deps, connectionId, frame, sourceIp);
  }
}
