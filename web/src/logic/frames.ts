import type { SentView, ServerFrame } from '../../../shared/protocol/frames.js';
import type { GameView } from '../../../shared/views/types.js';
import { type HeldChat, keepChannels, takeLines, takePage } from './chat-lines.js';

/** The game and version of the view a client holds. */
export interface Held {
  gameId: string;
  version: number;
}

/**
 * Whether a `view` frame should replace the one held. Delivery is at least once and fan-out may reorder
 * frames, so a view older than the one held is stale and ignored; an equal version is the same view again
 * (a `sync` or a `resume`) and harmless to take.
 */
export function acceptView(held: Held | null, gameId: string, version: number): boolean {
  if (!held || held.gameId !== gameId) return true;
  return version >= held.version;
}

/**
 * What a client does with a `pong`: `sync` when it names the client's game at a version above the one held —
 * a frame was lost on the way and nothing came since to tell (a phone that said nothing, in a quiet phase,
 * would otherwise show the old view until the next change). Versions a seat is sent may skip (a commit that
 * changes nothing of his view sends him nothing), so the sync may bring the very view held, at the version
 * named: one `sync` per ping at most, and the next pong matches.
 */
export function pongStep(held: Held | null, gameId: string, frame: { gameId?: string; version?: number }) {
  if (!held || held.gameId !== gameId || frame.gameId !== gameId || frame.version === undefined)
    return 'ignore';
  return frame.version > held.version ? 'sync' : 'ignore';
}

/** The count of spectators a client holds, with the frame it came in. */
export interface HeldAudience {
  gameId: string;
  count: number;
  rev: number;
}

/**
 * Whether an `audience` frame should replace the count held: only one of the game the client is in, and
 * not one older (a lower `rev`) than the count held, since two arrivals' frames may cross on the way. A
 * client forgets the count when it binds again, so the first frame after that is taken whatever its `rev`.
 */
export function acceptAudience(held: HeldAudience | null, gameId: string, frame: HeldAudience): boolean {
  if (frame.gameId !== gameId) return false;
  if (!held || held.gameId !== gameId) return true;
  return frame.rev >= held.rev;
}

/** What a phone holds of the game it follows: the view, the version it is of, and the chat. */
export interface Following {
  gameId: string;
  view: GameView | null;
  /** The version of the view held. */
  viewVersion: number;
  /** The key of the settings held (`settingsKey`): a view sent without settings names the ones it has. */
  settingsKey: string;
  /** The highest version a frame of the game brought (a chat line's commit may be newer than the view). */
  version: number;
  chat: HeldChat;
}

export const following = (gameId: string): Following => ({
  gameId,
  view: null,
  viewVersion: 0,
  settingsKey: '',
  version: 0,
  chat: {},
});

/**
 * A view as sent, whole: with its own settings, or, sent without them, with the ones held under the key it
 * names (`heldUnder`); null when none are held under that key.
 */
export function withSettings(
  sent: SentView,
  heldUnder: (key: string) => GameView['settings'] | undefined,
): GameView | null {
  const { settings: own, settingsKey, ...rest } = sent;
  const settings = own ?? heldUnder(settingsKey);
  return settings === undefined ? null : { ...rest, settings };
}

/** What a frame did to what the phone holds: the new holding (the same object when nothing changed). */
export interface Step {
  held: Following;
  /** The phone missed a frame, or holds a version the server never sent: it asks for `sync`. */
  sync: boolean;
}

/**
 * One server frame of the game followed, the rule the PWA's socket, the test clients and the delivery
 * harness all follow. `resyncing`: a `resume` or `sync` is under way, and its view is the server's word on
 * where the game is, taken whatever version it carries. Frames of other kinds change nothing here.
 */
export function follow(held: Following, frame: ServerFrame, resyncing: boolean): Step {
  const same = { held, sync: false };
  const at = held.view ? { gameId: held.gameId, version: held.viewVersion } : null;
  switch (frame.type) {
    case 'view': {
      if (!resyncing && !acceptView(at, held.gameId, frame.version)) return { held, sync: true };
      const view = withSettings(frame.view, (key) =>
        key === held.settingsKey ? held.view?.settings : undefined,
      );
      // Sent without the settings, and the ones held are others (a view that brought them was missed).
      if (view === null) return resyncing ? same : { held, sync: true };
      const settingsKey = frame.view.settingsKey;
      const version = resyncing ? frame.version : Math.max(held.version, frame.version);
      const chat = keepChannels(held.chat, view.chat);
      return {
        held: { ...held, view, viewVersion: frame.version, settingsKey, version, chat },
        sync: false,
      };
    }
    case 'chat': {
      // No view yet: the one on its way comes with its pages.
      if (!held.view) return same;
      // A line older than the view held: a stale frame, or a view whose version is not the server's.
      const stale = frame.version < held.viewVersion;
      const chat = held.view.chat.includes(frame.channel) && !stale ? takeLines(held.chat, frame) : null;
      if (chat === null) return resyncing ? same : { held, sync: true };
      return { held: { ...held, chat, version: Math.max(held.version, frame.version) }, sync: false };
    }
    case 'thread': {
      if (!held.view?.chat.includes(frame.channel)) return same;
      const chat = takePage(held.chat, frame);
      return { held: { ...held, chat, version: Math.max(held.version, frame.version) }, sync: false };
    }
    case 'pong': {
      const sync = pongStep(
        held.view ? { gameId: held.gameId, version: held.version } : null,
        held.gameId,
        frame,
      );
      return { held, sync: sync === 'sync' && !resyncing };
    }
    default:
      return same;
  }
}
