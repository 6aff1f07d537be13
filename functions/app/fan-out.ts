import {
  type Channel,
  type ChatMessage,
  emptyFold,
  type Folded,
  foldCommits,
  type ServerFrame,
  saidSince,
  sameLinks,
} from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import type { Place } from '../ports/directory.js';
import { announceAudience } from './audience.js';
import type { AppDeps } from './deps.js';
import { bucketOf, coverGroup, coverGroupOf, coverOf, paddedNeed, padTo } from './frame-padding.js';
import { chatPages, type FullViewFrame, linksFrame, viewFrame } from './frames.js';
import type { HeldGame } from './game-cache.js';
import { settingsText } from './settings-key.js';

export interface FanOutResult {
  version: number;
  sent: number;
  gone: number;
  /** Connections a post failed for after the fan-out's own retries (403, or 429/5xx every time). */
  failed: number;
}

type Seat = Place;

/**
 * Sends every connection of the game what changed for its seat since the views last sent: its own view when
 * it changed, the chat lines said on the channels it reads (`chat` frames), and its media links when they
 * changed. Outside the game proper (the lobby, the host, the spectators) a seat whose view, chat and links
 * are as they were gets nothing at all. From the deal to the end, the seats of a cover group (the living;
 * apart, the players out) are sent alike: each as many frames as the one sent the most, every frame padded
 * to the one size (`pad`), a `cover` frame making up the count — a mafia line, a mafia vote, a check at night
 * reach every living phone as the same frames of the same size, so neither their count nor their size tells
 * an observer of the network who is mafia (`coverGroupOf`). Each seat's frames are built once, however
 * many sockets that seat has open, all from the same version. A connection API Gateway reports gone is
 * forgotten. A post that fails (the adapter has retried what is worth retrying) costs that connection its
 * frames, not the others theirs: the projection goes on, and the client catches up on its next frame or
 * `sync`. Failing the projection instead would resend every seat's view and hold the game's deadline.
 */
export async function sendViews(deps: AppDeps, game: HeldGame, shown: Folded): Promise<FanOutResult> {
  const connections = await deps.directory.connectionsOf(game.gameId);
  const folded = game.folded;
  const framesFor = roundOf(shown, folded);
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
 * The frames of a round from `shown` to `now`, per seat, each built once: what changed for the seat, and
 * for a seat of a cover group the same made alike over every seat of its group, connected or not (who is
 * connected must not change what the others are sent). `cover: false` leaves them as they changed (what
 * the benchmark compares with).
 */
export function roundOf(shown: Folded, now: Folded, cover = true): (seat: Seat) => Sendable[] {
  const changed = new Map<Seat, Sendable[]>();
  const changedFor = (seat: Seat): Sendable[] => {
    let list = changed.get(seat);
    if (list === undefined) {
      list = changedFrames(shown, now, seat);
      changed.set(seat, list);
    }
    return list;
  };
  const shapes = new Map<CoverGroup, Shape>();
  const shapeOf = (group: CoverGroup): Shape => {
    let shape = shapes.get(group);
    if (shape === undefined) {
      const lists = coverGroup(shown.state, now.state, group).map(changedFor);
      const need = Math.max(0, ...lists.flat().map(({ text }) => paddedNeed(Buffer.byteLength(text))));
      shape = { count: Math.max(0, ...lists.map((list) => list.length)), size: bucketOf(need) };
      shapes.set(group, shape);
    }
    return shape;
  };
  const sent = new Map<Seat, Sendable[]>();
  return (seat) => {
    let list = sent.get(seat);
    if (list === undefined) {
      const group = cover ? coverGroupOf(shown.state, now.state, seat) : null;
      list = group === null ? changedFor(seat) : alike(changedFor(seat), shapeOf(group));
      sent.set(seat, list);
    }
    return list;
  };
}

type CoverGroup = NonNullable<ReturnType<typeof coverGroupOf>>;

/** What every seat of a cover group is sent in a round: `count` frames of `size` bytes each. */
interface Shape {
  count: number;
  size: number;
}

/** A seat's frames made to the group's shape: each padded to its size, covers making up the count. */
function alike(list: Sendable[], { count, size }: Shape): Sendable[] {
  const padded = list.map(({ frame, text }) => ({ frame, text: padTo(text, Buffer.byteLength(text), size) }));
  const cover: Sendable = { frame: { type: 'cover' }, text: coverOf(size) };
  return [...padded, ...Array.from({ length: count - list.length }, () => cover)];
}

/**
 * A seat's frames that differ from what the seat was last sent: its view when it changed; the lines said
 * since on each chat channel it read before and reads now, as a `chat` frame per channel — a chat line costs
 * each reader a few hundred bytes and the view nothing, and whoever may not read its channel gets nothing,
 * the view's own rule (`canRead`) deciding who is sent it; the latest page of each channel it reads now
 * and did not before (a mafioso out of the game, the game over); and its links when they changed. The
 * links are not even built when the parts of the game they depend on are the very ones shown (a vote, a
 * speech, a chat message): then no seat's links changed.
 */
function changedFrames(shown: Folded, now: Folded, seat: Seat): Sendable[] {
  const out: Sendable[] = [];
  const built = build(now, seat, 'view');
  const before = comparedAt(shown, seat, 'view');
  if (before.head === built.head && before.body === built.body && before.settings === built.settings)
    // Unchanged for the seat: nothing to send, and the next round compares with this.
    remember(now, seat, 'view', built);
  else out.push(before.settings === built.settings ? lean(built) : built);
  out.push(...chatFrames(shown, now, seat, before.channels, built.channels));
  if (!sameLinks(shown.state, now.state)) {
    const links = build(now, seat, 'links');
    const was = comparedAt(shown, seat, 'links');
    if (was.body === links.body) remember(now, seat, 'links', links);
    else out.push(links);
  }
  return out;
}

/** The chat a seat is sent between two folds: new lines where it read on, the latest page where it reads anew. */
function chatFrames(
  shown: Folded,
  now: Folded,
  seat: Seat,
  before: readonly Channel[],
  after: readonly Channel[],
): Sendable[] {
  const out: Sendable[] = [];
  const anew: Channel[] = [];
  for (const channel of after) {
    const said = before.includes(channel) ? saidSince(shown.state, now.state, channel) : null;
    if (said === null) anew.push(channel);
    else if (said.messages.length > 0) out.push(chatFrame(now.version, channel, said.from, said.messages));
  }
  for (const frame of chatPages(now, seat, anew)) out.push({ frame, text: JSON.stringify(frame) });
  return out;
}

/** The `chat` frame of a channel's messages `from` …, brought by commit `version`. */
export function chatFrame(
  version: number,
  channel: Channel,
  from: number,
  messages: ChatMessage[],
): Sendable {
  const frame: ServerFrame = { type: 'chat', version, channel, from, messages };
  return { frame, text: JSON.stringify(frame) };
}

/**
 * What a seat's frame at a fold is compared by: its JSON but for the version (frames equal but for the
 * version they were built at are the same to the seat) and, for a view, but for the settings, which are
 * compared apart by their own JSON (one string shared by every view of the game). Kept with the fold: this
 * round's fold is the next round's `shown`, so each seat's view is built and serialised once per round.
 * Only this is kept, not the frame's whole text: most of it is the settings, which need not be held twice.
 * A view's JSON is kept as the two strings it was serialised in (who it is for, then the rest), not joined
 * into one: joining them would copy a few kilobytes per seat per round only to compare them. `channels`:
 * the chat channels the view says the seat reads. A view whose settings are those of the one compared
 * with is sent without them (`lean`).
 */
interface Compared {
  head: string;
  body: string;
  settings: string;
  channels: readonly Channel[];
}

/** A frame ready to send, with its text (its JSON; padded, a `pad` field the object does not hold). */
export interface Sendable {
  frame: ServerFrame;
  text: string;
}

/** A seat's frame at a fold, ready to send. */
type Built = Compared & Sendable;
type ViewBuilt = Built & { frame: FullViewFrame };

/**
 * Where nothing was kept for the fold (a fresh process), the seat's view is taken to have changed at the
 * fold itself: a chat frame then names a base no older than the real one, and a client that holds less asks
 * for `sync` rather than append to a view it may lack.
 */
function comparedAt(folded: Folded, seat: Seat, type: 'view' | 'links'): Compared {
  return comparedByFold.get(folded)?.get(`${type}:${seat}`) ?? build(folded, seat, type);
}

function build(folded: Folded, seat: Seat, type: 'view'): ViewBuilt;
function build(folded: Folded, seat: Seat, type: 'view' | 'links'): Built;
function build(folded: Folded, seat: Seat, type: 'view' | 'links'): Built {
  const built =
    type === 'view' ? serialiseView(viewFrame(folded, seat)) : serialiseLinks(linksFrame(folded, seat));
  remember(folded, seat, type, built);
  return built;
}

function remember(folded: Folded, seat: Seat, type: 'view' | 'links', compared: Compared): void {
  let bySeat = comparedByFold.get(folded);
  if (bySeat === undefined) {
    bySeat = new Map();
    comparedByFold.set(folded, bySeat);
  }
  const { head, body, settings, channels } = compared;
  bySeat.set(`${type}:${seat}`, { head, body, settings, channels });
}

const comparedByFold = new WeakMap<Folded, Map<string, Compared>>();

/** The frame builders put `type` and `version` first: the body is what follows them. */
function serialiseLinks(frame: Extract<ServerFrame, { type: 'links' }>): Built {
  const text = JSON.stringify(frame);
  const head = `{"type":"links","version":${frame.version}`;
  const body = text.startsWith(head) ? text.slice(head.length) : JSON.stringify({ ...frame, version: 0 });
  return { frame, text, head: '', body, settings: '', channels: [] };
}

/**
 * A view frame's text is exactly `JSON.stringify(frame)`, with the settings serialised once per settings
 * object (`settingsText`): they are most of a view's bytes and keys.
 */
function serialiseView(frame: FullViewFrame): ViewBuilt {
  const { viewer, seat, hostName, settings, ...rest } = frame.view;
  const json = settingsText(settings).json;
  const head = JSON.stringify({ viewer, seat, hostName });
  const body = JSON.stringify(rest);
  return {
    frame,
    text: viewText(frame.version, head, json, body),
    head,
    body,
    settings: json,
    channels: frame.view.chat,
  };
}

/** A view the seat holds the settings of (the same key as its last view's): sent without them. */
function lean({ frame, head, body }: ViewBuilt): Sendable {
  const { settings: _, ...view } = frame.view;
  return { frame: { ...frame, view }, text: viewText(frame.version, head, null, body) };
}

/** `body` holds at least the settings' key, so it is never `{}`. */
const viewText = (version: number, head: string, settings: string | null, body: string) =>
  `{"type":"view","version":${version},"view":${head.slice(0, -1)}${settings === null ? '' : `,"settings":${settings}`},${body.slice(1, -1)}}}`;

/**
 * The game as its views last went out before commit `seq`: what this process sent, brought forward over any
 * commits another process projected since (in a fresh process, the whole log before `seq`).
 */
export async function lastShown(deps: AppDeps, game: HeldGame, seq: number): Promise<Folded> {
  const shown = game.shown ?? emptyFold;
  if (shown.version >= seq - 1) return shown;
  return foldCommits(shown, await deps.store.read(game.gameId, shown.version), seq - 1);
}
