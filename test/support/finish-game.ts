import { setTimeout as sleep } from 'node:timers/promises';
import type { GameView } from '../../shared/index.js';
import type { LocalTable } from './local-table.js';

/**
 * Plays a table's game to its end on slow timers: the players act (`drive`), and whenever the game has
 * stood still for a moment the clock is jumped to the step's deadline, as its timer would end it.
 */
export function finishWithJumps(
  table: LocalTable,
  jump: () => Promise<unknown>,
  timeoutMs = 60_000,
): Promise<GameView> {
  return driveWithJumps(table, jump, (v) => v.over, timeoutMs);
}

/** As `finishWithJumps`, until the host's view matches. */
export async function driveWithJumps(
  table: LocalTable,
  jump: () => Promise<unknown>,
  match: (view: GameView) => boolean,
  timeoutMs = 60_000,
): Promise<GameView> {
  let done = false;
  const driving = table.driveUntil(match, timeoutMs).finally(() => {
    done = true;
  });
  let last = -1;
  while (!done) {
    await sleep(200);
    const version = table.host.version();
    // A step nobody can end but its timer (a discussion, a last word) has no deadline pending only while
    // it settles: the next look tries again.
    if (version === last && !done) await jump().catch(() => undefined);
    last = version;
  }
  return driving;
}
