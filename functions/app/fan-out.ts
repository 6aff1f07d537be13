import { emptyFold, type Folded, foldCommits, type ServerFrame } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import type { Place } from '../ports/directory.js';
import { announceAudience } from './audience.js';
import type { AppDeps } from './deps.js';
import { linksFrame, viewFrame } from './frames.js';
import type { HeldGame } from './game-cache.js';

export interface FanOutResult {
  version: number;
  sent: number;
  gone: number;
  /** Connections a post failed for after the fan-out's own retries (403, or 429/5xx every time). */
  failed: number;
}

type Seat = Place;

/**
 * Sends every connection of the game what changed for its seat since the views last sent: its own view, and
 * its media links when they changed. A seat whose view and links are as they were gets nothing at all, so a
 * commit only the mafia can see (a night microphone, a shot, a mafia message) sends no frame to the town —
 * not even a bare version bump that would tell when the mafia acted. Each seat's frames are built once,
 * however many sockets that seat has open, all from the same version. A connection API Gateway reports gone
 * is forgotten. A post that fails (the adapter has retried what is worth retrying) costs that connection its
 * frames, not the others theirs: the projection goes on, and the client catches up on its next frame or
 * `sync`. Failing the projection instead would resend every seat's view and hold the game's deadline.
 */
export async function sendViews(deps: AppDeps, game: HeldGame, shown: Folded): Promise<FanOutResult> {
  const connections = await deps.directory.connectionsOf(game.gameId);
  const folded = game.folded;
  const frames = new Map<Seat, ServerFrame[]>();
  const framesFor = (seat: Seat): ServerFrame[] => {
    let list = frames.get(seat);
    if (list === undefined) {
      list = changedFrames(shown, folded, seat);
      frames.set(seat, list);
    }
    return list;
  };
  const results = await Promise.all(
    connections.map(async ({ connectionId, seat }) => {
      const list = framesFor(seat);
      if (list.length === 0) return 'quiet';
      try {
        for (const frame of list) {
          if ((await deps.fanOut.post(connectionId, frame)) === 'gone') {
            await deps.directory.unbindConnection(connectionId);
            if (seat === 'spectator') await announceAudience(deps, game.gameId);
            return 'gone';
          }
        }
      } catch {
        deps.meter.count(Metric.postFailed);
        return 'failed';
      }
      return 'sent';
    }),
  );
  const count = (result: (typeof results)[number]) => results.filter((r) => r === result).length;
  return { version: folded.version, sent: count('sent'), gone: count('gone'), failed: count('failed') };
}

function changedFrames(shown: Folded, now: Folded, seat: Seat): ServerFrame[] {
  const out: ServerFrame[] = [];
  const view = viewFrame(now, seat);
  if (bodyOf(shown, seat, 'view') !== bodyOf(now, seat, 'view', view)) out.push(view);
  const links = linksFrame(now, seat);
  if (bodyOf(shown, seat, 'links') !== bodyOf(now, seat, 'links', links)) out.push(links);
  return out;
}

/**
 * A seat's frame at a fold, as JSON without its version (frames equal but for the version they were built
 * at are the same to the seat). Kept with the fold: this round's fold is the next round's `shown`, so each
 * seat's view is built and serialised once per round, not again as the "before" of the next.
 */
function bodyOf(folded: Folded, seat: Seat, type: 'view' | 'links', built?: ServerFrame): string {
  let bodies = bodiesByFold.get(folded);
  if (bodies === undefined) {
    bodies = new Map();
    bodiesByFold.set(folded, bodies);
  }
  const key = `${type}:${seat}`;
  let body = bodies.get(key);
  if (body === undefined) {
    const frame = built ?? (type === 'view' ? viewFrame(folded, seat) : linksFrame(folded, seat));
    body = JSON.stringify({ ...frame, version: 0 });
    bodies.set(key, body);
  }
  return body;
}

const bodiesByFold = new WeakMap<Folded, Map<string, string>>();

/**
 * The game as its views last went out before commit `seq`: what this process sent, brought forward over any
 * commits another process projected since (in a fresh process, the whole log before `seq`).
 */
export async function lastShown(deps: AppDeps, game: HeldGame, seq: number): Promise<Folded> {
  const shown = game.shown ?? emptyFold;
  if (shown.version >= seq - 1) return shown;
  return foldCommits(shown, await deps.store.read(game.gameId, shown.version), seq - 1);
}
