import { eachBounded } from './bounded.js';
import type { AppDeps } from './deps.js';
import { rearmGame } from './rearm.js';

export interface Redriven {
  /** Games whose head may have been set by a commit the projector never saw. */
  games: number;
  /** Of those, the ones whose pending deadline was booked and armed again. */
  armed: number;
}

/**
 * Commits the projector dead-lettered (too old for the stream's record age, or out of retries): their
 * views are long stale, but a deadline they set is in no book and no timer. A dead-letter message names
 * only a stream range, not the games, and its records may be gone from the stream; so every game whose head
 * waits for a deadline set at or after the first dead record arrived (a commit sets deadlines after itself)
 * is re-read from the table and its pending deadline booked and armed again. Arming what is already armed
 * is harmless, so a range redriven twice, or a game caught that was fine, costs only the requests.
 */
export async function redriveSince(deps: AppDeps, since: number): Promise<Redriven> {
  if (deps.heads === undefined) throw new Error("redriving needs the games' heads");
  const waiting = (await deps.heads.waitingSince(Number.MAX_SAFE_INTEGER)).filter((head) => head.at >= since);
  let armed = 0;
  await eachBounded(waiting, deps.options.sweepConcurrency, async (head) => {
    if ((await rearmGame(deps, head.gameId)).kind === 'armed') armed++;
  });
  return { games: waiting.length, armed };
}
