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

export const errorFrame = (code: ErrorCode, message: string): ServerFrame => ({
  type: 'error',
  code,
  message,
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
