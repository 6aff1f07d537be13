import {
  type ErrorCode,
  type Folded,
  linksOf,
  type ServerFrame,
  type Viewer,
  viewFor,
} from '../../shared/index.js';

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

export const viewerOf = (seat: number | 'host'): Viewer =>
  seat === 'host' ? { kind: 'host' } : { kind: 'seat', seat };

/** The media links the receiver may hold at a version (shared/video/links.ts). */
export function linksFrame(folded: Folded, seat: number | 'host'): ServerFrame {
  return { type: 'links', version: folded.version, ...linksOf(folded.state, seat) };
}

/** The receiver's own view of a game at a version. */
export function viewFrame(folded: Folded, seat: number | 'host'): ServerFrame {
  return { type: 'view', version: folded.version, view: viewFor(folded.state, viewerOf(seat)) };
}
