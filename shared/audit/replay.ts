import type { ChatMessage } from '../log/records.js';
import type { GameView, Viewer } from '../views/types.js';
import { chatFor, viewFor } from '../views/view.js';
import type { LogCommit } from './chain.js';
import { emptyFold, type Folded, foldCommits } from './fold.js';

/** One moment of a finished game as one viewer saw it: what `mafia replay` prints and the PWA shows. */
export interface ReplayMoment {
  version: number;
  /** When the commit at `version` was decided (ms since the epoch). */
  at: number;
  view: GameView;
  /** The latest chat lines (as many as the state keeps of each channel) the viewer could read then. */
  chat: ChatMessage[];
}

/**
 * The game folded to `seq`, starting from `from` when that lies before it (scrubbing forward folds only the
 * commits between), from the start otherwise.
 */
export function foldTo(from: Folded, commits: readonly LogCommit[], seq: number): Folded {
  return foldCommits(from.version <= seq ? from : emptyFold, commits, seq);
}

/** The moment `folded` is at, as `viewer` saw it, through the server's own view function. */
export function momentOf(folded: Folded, commits: readonly LogCommit[], viewer: Viewer): ReplayMoment {
  const commit = commits.find((c) => c.seq === folded.version);
  return {
    version: folded.version,
    at: commit?.at ?? 0,
    view: viewFor(folded.state, viewer),
    chat: chatFor(folded.state, viewer),
  };
}
