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
  const frames = new Map<Seat, Built[]>();
  const framesFor = (seat: Seat): Built[] => {
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
        for (const { frame, text } of list) {
          if ((await deps.fanOut.post(connectionId, frame, text)) === 'gone') {
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

function changedFrames(shown: Folded, now: Folded, seat: Seat): Built[] {
  const out: Built[] = [];
  for (const type of ['view', 'links'] as const) {
    const built = builtAt(now, seat, type);
    if (builtAt(shown, seat, type).body !== built.body) out.push(built);
  }
  return out;
}

/**
 * A seat's frame at a fold, its JSON, and that JSON without the version: frames equal but for the version
 * they were built at are the same to the seat, so `body` is what a round compares.
 */
interface Built {
  frame: ServerFrame;
  text: string;
  body: string;
}

/**
 * Built once per seat and fold, and kept with the fold: this round's fold is the next round's `shown`, so
 * each seat's view is built and serialised once per round — the text compared is the text sent.
 */
function builtAt(folded: Folded, seat: Seat, type: 'view' | 'links'): Built {
  let bySeat = builtByFold.get(folded);
  if (bySeat === undefined) {
    bySeat = new Map();
    builtByFold.set(folded, bySeat);
  }
  const key = `${type}:${seat}`;
  let built = bySeat.get(key);
  if (built === undefined) {
    const frame = type === 'view' ? viewFrame(folded, seat) : linksFrame(folded, seat);
    const text = frame.type === 'view' ? viewFrameJson(frame) : JSON.stringify(frame);
    // The frame builders put `type` and `version` first, so the body is what follows them.
    const head = `{"type":"${type}","version":${folded.version}`;
    const body = text.startsWith(head) ? text.slice(head.length) : JSON.stringify({ ...frame, version: 0 });
    built = { frame, text, body };
    bySeat.set(key, built);
  }
  return built;
}

const builtByFold = new WeakMap<Folded, Map<string, Built>>();

/**
 * `JSON.stringify(frame)`, with the settings serialised once per settings object: they are most of a view's
 * bytes and keys, every view of a game holds the same object, and it stays the same until the host changes
 * them, so of a round's views only the parts that can differ are serialised.
 */
function viewFrameJson(frame: Extract<ServerFrame, { type: 'view' }>): string {
  const { viewer, seat, hostName, settings, ...rest } = frame.view;
  let json = settingsJson.get(settings);
  if (json === undefined) {
    json = JSON.stringify(settings);
    settingsJson.set(settings, json);
  }
  const head = JSON.stringify({ type: frame.type, version: frame.version });
  const before = JSON.stringify({ viewer, seat, hostName });
  const after = JSON.stringify(rest);
  return `${head.slice(0, -1)},"view":${before.slice(0, -1)},"settings":${json}${after === '{}' ? '' : `,${after.slice(1, -1)}`}}}`;
}

const settingsJson = new WeakMap<object, string>();

/**
 * The game as its views last went out before commit `seq`: what this process sent, brought forward over any
 * commits another process projected since (in a fresh process, the whole log before `seq`).
 */
export async function lastShown(deps: AppDeps, game: HeldGame, seq: number): Promise<Folded> {
  const shown = game.shown ?? emptyFold;
  if (shown.version >= seq - 1) return shown;
  return foldCommits(shown, await deps.store.read(game.gameId, shown.version), seq - 1);
}
