import { setTimeout as sleep } from 'node:timers/promises';
import type { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import type { RunningServer } from '../../functions/local/server.js';
import type { GameView, Phase } from '../../shared/index.js';
import { driveWithJumps } from './finish-game.js';
import type { LocalTable } from './local-table.js';

/**
 * Moves the server's clock to the game's current deadline and waits until the deadline handler has ended
 * the step and the projector has sent its views; returns the step the game is in then. The deadline must be
 * one the projector has scheduled: a game still settling is waited for, up to `timeoutMs`.
 */
export async function jumpToDeadline(
  server: RunningServer,
  clock: JumpingClock,
  gameId: string,
  timeoutMs = 5000,
): Promise<Phase> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    await server.settle();
    const game = await server.app.deps.cache.load(gameId);
    const deadline = game?.folded.state.deadline ?? null;
    if (deadline?.at != null && !deadline.advisory && server.scheduler.isPending(gameId, deadline.id)) {
      clock.jumpTo(deadline.at);
      await server.settle();
      const after = await server.app.deps.cache.load(gameId);
      if (after === null) throw new Error(`game ${gameId} is gone`);
      return after.folded.state.phase;
    }
    if (Date.now() > giveUp)
      throw new Error(`game ${gameId} has no deadline waiting for its time: ${JSON.stringify(deadline)}`);
    await sleep(10);
  }
}

/**
 * Plays the table to its end with only the mafia acting (they shoot a townsman each night) and every step
 * ended by a jump of the clock to its deadline; each jump waits until every socket saw the game as it is.
 */
export async function jumpToEnd(
  server: RunningServer,
  clock: JumpingClock,
  table: LocalTable,
  maxJumps = 60,
): Promise<void> {
  for (let jumps = 0; !table.host.latest()?.over; jumps++) {
    if (jumps >= maxJumps) throw new Error(`game ${table.gameId} is not over after ${maxJumps} jumps`);
    await table.shootAsMafia();
    await jumpToDeadline(server, clock, table.gameId);
    await table.seen((await server.app.deps.store.read(table.gameId)).length);
  }
}

/** Drives the started table to night 1 with the clock jumped at every step nobody ends: a night to watch. */
export function driveToNightOne(
  server: RunningServer,
  clock: JumpingClock,
  table: LocalTable,
): Promise<GameView> {
  return driveWithJumps(
    table,
    () => jumpToDeadline(server, clock, table.gameId),
    (v) => v.phase.kind === 'night' && v.phase.round === 1,
    30_000,
  );
}
