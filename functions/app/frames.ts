import {
  CHANNELS,
  canRead,
  type ErrorCode,
  type Folded,
  type GameView,
  latestPage,
  linksOf,
  type ServerFrame,
  type Viewer,
  viewFor,
} from '../../shared/index.js';
import type { Place } from '../ports/directory.js';
import { settingsText } from './settings-key.js';

/** What a command's handling produced: frames for the sender, and the fields of its log line. */
export interface Reply {
  frames: ServerFrame[];
  log: ReplyLog;
}

export interface ReplyLog {
  action: string;
  outcome: string;
  game?: string;
  commandId?: string;
  type?: string;
  version?: number;
}

/** The answer to anything a connection asks before `create`, `join` or `resume` bound it to a game. */
export function notBound(log: Omit<ReplyLog, 'outcome'>): Reply {
  return {
    frames: [errorFrame('not_bound', 'create, join or resume a game first')],
    log: { ...log, outcome: 'not_bound' },
  };
}

export const errorFrame = (code: ErrorCode, message: string): ServerFrame => ({
  type: 'error',
  code,
  message,
});

/** Other writers won every race for the game's next version: nothing was taken, send it again. */
export const busyFrame = (commandId?: string): ServerFrame => ({
  type: 'error',
  code: 'busy',
  message: 'the game was too busy to take that; send it again',
  ...(commandId === undefined ? {} : { commandId }),
});

export const viewerOf = (seat: Place): Viewer =>
  seat === 'host' ? { kind: 'host' } : seat === 'spectator' ? { kind: 'spectator' } : { kind: 'seat', seat };

/** The media links the receiver may hold at a version (shared/video/links.ts); a spectator holds none. */
export function linksFrame(folded: Folded, seat: Place): Extract<ServerFrame, { type: 'links' }> {
  const links = seat === 'spectator' ? { peers: [], forbidden: [] } : linksOf(folded.state, seat);
  return { type: 'links', version: folded.version, ...links };
}

/**
 * What a spectator's connection gets for anything only a seat or the host may do (a command, a rematch, a
 * media signal, a push subscription): a refusal, and nothing done.
 */
export function spectatorRefusal(log: Omit<ReplyLog, 'outcome'>, commandId?: string): Reply {
  const message = 'a spectator watches the game and cannot act in it';
  return {
    frames: [
      commandId === undefined
        ? errorFrame('spectator', message)
        : { type: 'rejected', commandId, code: 'spectator', message },
    ],
    log: { ...log, outcome: 'spectator' },
  };
}

/** The receiver's own view of a game at a version, its settings in it. */
export function viewFrame(folded: Folded, seat: Place): FullViewFrame {
  const view = viewFor(folded.state, viewerOf(seat));
  return {
    type: 'view',
    version: folded.version,
    view: { ...view, settingsKey: settingsText(view.settings).key },
  };
}

/** A view frame with its settings. */
export interface FullViewFrame {
  type: 'view';
  version: number;
  view: GameView & { settingsKey: string };
}

/**
 * The receiver's view with the latest page of each chat channel he reads: what a connection gets when it
 * asks where the game stands (`resume`, `sync`, `join`, `watch`, a seat moved). A channel nothing was said
 * on has no page.
 */
export function viewWithChat(folded: Folded, seat: Place): ServerFrame[] {
  return [viewFrame(folded, seat), ...chatPages(folded, seat, CHANNELS)];
}

/** The latest page of each of `channels` the receiver reads at a version, but empty ones. */
export function chatPages(
  folded: Folded,
  seat: Place,
  channels: readonly (typeof CHANNELS)[number][],
): ServerFrame[] {
  const viewer = viewerOf(seat);
  return channels
    .filter((channel) => folded.state.said[channel] > 0 && canRead(folded.state, viewer, channel))
    .map((channel) => ({ type: 'thread', version: folded.version, ...latestPage(folded.state, channel) }));
}
