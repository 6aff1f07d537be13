import type { NewspaperLine } from './newspaper.js';
import type { ForumAction, ForumState } from './state.js';

/** The forum game's own events (seed 003): its orders, its night's newspaper and the holdings that follow. */
export type ForumEvent =
  | { type: 'forumActed'; action: ForumAction }
  | { type: 'forumNightResolved'; round: number; lines: NewspaperLine[]; forum: ForumState }
  | { type: 'forumHoldings'; forum: ForumState };

export const FORUM_EVENT_TYPES = [
  'forumActed',
  'forumNightResolved',
  'forumHoldings',
] as const satisfies readonly ForumEvent['type'][];
