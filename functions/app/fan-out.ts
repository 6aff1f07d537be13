import {
  type ChatMessage,
  emptyFold,
  type Folded,
  foldCommits,
  type ServerFrame,
  sameLinks,
} from '../../shared/index.js';
import { CHAT_IN_VIEW } from '../../shared/views/chat-in-view.js';
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
 * Sends every connection of the game what changed for its seat since the views last sent: its own view (or,
 * when only chat messages were added to it, a `chat` frame of them), and its media links when they changed. A seat whose view and links are as they were gets nothing at all, so a
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
  const frames = new Map<Seat, Sendable[]>();
  const framesFor = (seat: Seat): Sendable[] => {
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
 * seat's links changed. A view that differs from the last only by chat messages added goes as a `chat`
 * frame of those messages: a chat line costs each reader a few hundred bytes, not the whole view, and
 * whoever may not read its channel has no new message in his view, so gets nothing — the view's own rule
 * (`canRead`) decides who is sent it.
 */
function changedFrames(shown: Folded, now: Folded, seat: Seat): Sendable[] {
  const out: Sendable[] = [];
  const types = sameLinks(shown.state, now.state) ? (['view'] as const) : (['view', 'links'] as const);
  for (const type of types) {
    const built = build(now, seat, type);
    const before = comparedAt(shown, seat, type);
    const rest =
      before.head === built.head && before.body === built.body && before.settings === built.settings;
    if (rest && sameChat(before.chat, built.chat)) {
      // Unchanged for the seat: a later chat frame still follows the view it was last sent.
      remember(now, seat, type, { ...built, since: before.since });
      continue;
    }
    const added = rest ? chatAdded(before.chat, built.chat) : null;
    out.push(added === null ? built : chatFrame(now.version, before.since, added));
  }
  return out;
}

/**
 * The `chat` frame of messages said since the seat's view of version `base`: what a client holding that
 * view appends to it to hold the view of `version`.
 */
export function chatFrame(version: number, base: number, messages: ChatMessage[]): Sendable {
  const frame: ServerFrame = { type: 'chat', version, base, messages };
  return { frame, text: JSON.stringify(frame) };
}

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a === b || (a.at === b.at && a.seat === b.seat && a.channel === b.channel && a.text === b.text);

const sameChat = (a: readonly ChatMessage[], b: readonly ChatMessage[]) =>
  a.length === b.length && a.every((m, i) => sameMessage(m, b[i]));

/**
 * The messages `now` adds after `before`, when appending them to `before` and keeping the latest
 * `CHAT_IN_VIEW` (as a client does) gives exactly `now`; null when it does not (the chat changed otherwise,
 * and the whole view is sent).
 */
export function chatAdded(before: readonly ChatMessage[], now: readonly ChatMessage[]): ChatMessage[] | null {
  const last = before.at(-1);
  let from = 0;
  if (last !== undefined) {
    from = now.findLastIndex((m) => sameMessage(m, last)) + 1;
    if (from === 0) return null;
  }
  const added = now.slice(from);
  if (added.length === 0) return null;
  return sameChat([...before, ...added].slice(-CHAT_IN_VIEW), now) ? added : null;
}

/**
 * What a seat's frame at a fold is compared by: its JSON but for the version (frames equal but for the
 * version they were built at are the same to the seat) and, for a view, but for the settings, which are
 * compared apart by their own JSON (one string shared by every view of the game), and the chat, compared
 * message by message so that a round that only added messages is told apart. Kept with the fold: this
 * round's fold is the next round's `shown`, so each seat's view is built and serialised once per round.
 * Only this is kept, not the frame's whole text: most of it is the settings, which need not be held twice.
 * A view's JSON is kept as the two strings it was serialised in (who it is for, then the rest), not joined
 * into one: joining them would copy a few kilobytes per seat per round only to compare them. `since` is the
 * version of the last view the seat was sent that differed from the one before it: the base of a chat frame.
 */
interface Compared {
  head: string;
  body: string;
  settings: string;
  chat: readonly ChatMessage[];
  since: number;
}

/** A frame ready to send, with its text. */
interface Sendable {
  frame: ServerFrame;
  text: string;
}

/** A seat's frame at a fold, ready to send. */
type Built = Compared & Sendable;

/**
 * Where nothing was kept for the fold (a fresh process), the seat's view is taken to have changed at the
 * fold itself: a chat frame then names a base no older than the real one, and a client that holds less asks
 * for `sync` rather than append to a view it may lack.
 */
function comparedAt(folded: Folded, seat: Seat, type: 'view' | 'links'): Compared {
  return comparedByFold.get(folded)?.get(`${type}:${seat}`) ?? build(folded, seat, type);
}

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
  const { head, body, settings, chat, since } = compared;
  bySeat.set(`${type}:${seat}`, { head, body, settings, chat, since });
}

const comparedByFold = new WeakMap<Folded, Map<string, Compared>>();

/** The frame builders put `type` and `version` first: the body is what follows them. */
function serialiseLinks(frame: Extract<ServerFrame, { type: 'links' }>): Built {
  const text = JSON.stringify(frame);
  const head = `{"type":"links","version":${frame.version}`;
  const body = text.startsWith(head) ? text.slice(head.length) : JSON.stringify({ ...frame, version: 0 });
  return { frame, text, head: '', body, settings: '', chat: [], since: frame.version };
}

/**
 * A view frame's text is exactly `JSON.stringify(frame)`, with the settings serialised once per settings
 * object: they are most of a view's bytes and keys, every view of a game holds the same object, and it
 * stays the same until the host changes them. The chat is the view's last key (`viewFor` puts it there).
 */
function serialiseView(frame: Extract<ServerFrame, { type: 'view' }>): Built {
  const { viewer, seat, hostName, settings, chat, ...rest } = frame.view;
  let json = settingsJson.get(settings);
  if (json === undefined) {
    json = JSON.stringify(settings);
    settingsJson.set(settings, json);
  }
  const before = JSON.stringify({ viewer, seat, hostName });
  const after = JSON.stringify(rest);
  const text = `{"type":"view","version":${frame.version},"view":${before.slice(0, -1)},"settings":${json}${after === '{}' ? '' : `,${after.slice(1, -1)}`},"chat":${JSON.stringify(chat)}}}`;
  return { frame, text, head: before, body: after, settings: json, chat, since: frame.version };
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
