import { emptyFold, type Folded, foldCommits, type ServerFrame, sameLinks } from '../../shared/index.js';
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

/**
 * A seat's frames that differ from what the seat was last sent. The links are not even built when the
 * parts of the game they depend on are the very ones shown (a vote, a speech, a chat message): then no
 * seat's links changed.
 */
function changedFrames(shown: Folded, now: Folded, seat: Seat): Built[] {
  const out: Built[] = [];
  const types = sameLinks(shown.state, now.state) ? (['view'] as const) : (['view', 'links'] as const);
  for (const type of types) {
    const built = build(now, seat, type);
    const before = comparedAt(shown, seat, type);
    if (before.head !== built.head || before.body !== built.body || before.settings !== built.settings)
      out.push(built);
  }
  return out;
}

/**
 * What a seat's frame at a fold is compared by: its JSON but for the version (frames equal but for the
 * version they were built at are the same to the seat) and, for a view, but for the settings, which are
 * compared apart by their own JSON (one string shared by every view of the game). Kept with the fold: this
 * round's fold is the next round's `shown`, so each seat's view is built and serialised once per round.
 * Only this is kept, not the frame's whole text: most of it is the settings, which need not be held twice.
 * A view's JSON is kept as the two strings it was serialised in (who it is for, then the rest), not joined
 * into one: joining them would copy a few kilobytes per seat per round only to compare them.
 */
interface Compared {
  head: string;
  body: string;
  settings: string;
}

/** A seat's frame at a fold, ready to send. */
interface Built extends Compared {
  frame: ServerFrame;
  text: string;
}

function comparedAt(folded: Folded, seat: Seat, type: 'view' | 'links'): Compared {
  return comparedByFold.get(folded)?.get(`${type}:${seat}`) ?? build(folded, seat, type);
}

function build(folded: Folded, seat: Seat, type: 'view' | 'links'): Built {
  const built =
    type === 'view' ? serialiseView(viewFrame(folded, seat)) : serialiseLinks(linksFrame(folded, seat));
  let bySeat = comparedByFold.get(folded);
  if (bySeat === undefined) {
    bySeat = new Map();
    comparedByFold.set(folded, bySeat);
  }
  bySeat.set(`${type}:${seat}`, { head: built.head, body: built.body, settings: built.settings });
  return built;
}

const comparedByFold = new WeakMap<Folded, Map<string, Compared>>();

/** The frame builders put `type` and `version` first: the body is what follows them. */
function serialiseLinks(frame: Extract<ServerFrame, { type: 'links' }>): Built {
  const text = JSON.stringify(frame);
  const head = `{"type":"links","version":${frame.version}`;
  const body = text.startsWith(head) ? text.slice(head.length) : JSON.stringify({ ...frame, version: 0 });
  return { frame, text, head: '', body, settings: '' };
}

/**
 * A view frame's text is exactly `JSON.stringify(frame)`, with the settings serialised once per settings
 * object: they are most of a view's bytes and keys, every view of a game holds the same object, and it
 * stays the same until the host changes them.
 */
function serialiseView(frame: Extract<ServerFrame, { type: 'view' }>): Built {
  const { viewer, seat, hostName, settings, ...rest } = frame.view;
  let json = settingsJson.get(settings);
  if (json === undefined) {
    json = JSON.stringify(settings);
    settingsJson.set(settings, json);
  }
  const before = JSON.stringify({ viewer, seat, hostName });
  const after = JSON.stringify(rest);
  const text = `{"type":"view","version":${frame.version},"view":${before.slice(0, -1)},"settings":${json}${after === '{}' ? '' : `,${after.slice(1, -1)}`}}}`;
  return { frame, text, head: before, body: after, settings: json };
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
