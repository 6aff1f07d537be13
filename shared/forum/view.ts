import type { GameState } from '../engine/state.js';
import type { Viewer } from '../views/types.js';
import { forumTable } from './game.js';
import type { NewspaperPage } from './newspaper.js';
import { isMove, type MoveId } from './roles.js';
import {
  type ActReport,
  type ForumAction,
  isMafioso,
  type KnockReport,
  levelFor,
  type Purse,
} from './state.js';

declare module '../views/types.js' {
  interface RuleSetViewParts {
    /** The forum game (seed 003): the newspaper for all, one's own points, level, items and moves. */
    forum: ForumView | null;
  }
}

/**
 * What a viewer sees of the forum game: the public newspaper, and of the rest only what is his. What he may
 * do now (his moves and their targets, buying with the move or the vote) is the view's `may`, not here.
 */
export interface ForumView {
  /** Every morning's lines so far: the whole game's paper, for everyone. */
  newspaper: NewspaperPage[];
  /** His own points, level, MafBucks and items. */
  purse: (Purse & { level: number }) | null;
  /** A mafioso's view of the mafia's arsenal: uses held and spent (D6, D7). */
  arsenal: { stock: Record<MoveId, number>; used: Record<MoveId, number> } | null;
  /** His own order or act tonight. */
  done: ForumAction | null;
  /** A mafioso sees his teammates' orders tonight, so the lair can agree (D4). */
  teamOrders: ForumAction[];
  /** What his knock-downs told him (D7: who was asleep). */
  knocks: Array<KnockReport & { round: number }>;
  /** What came of his own acts, every night so far (his alone: nobody else's view holds them). */
  reports: ActReport[];
  /** The host who does not play and the analyst: every purse that holds something (a seat not listed has none). */
  purses: Record<string, Purse> | null;
}

const emptyPurse = (p: Purse) =>
  p.points === 0 && p.bucks === 0 && p.level === 0 && Object.values(p.items).every((n) => n === 0);

export function forumViewFor(s: GameState, viewer: Viewer, privileged: boolean): ForumView | null {
  const forum = s.forum;
  if (!forum) return null;
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const table = forumTable(s);
  const own = seat !== null ? forum.purses[seat] : undefined;
  const mafioso = seat !== null && isMafioso(table, seat);
  const night = s.phase.kind === 'night' && s.phase.round > 0;
  const done = seat !== null ? (forum.tonight.find((a) => a.seat === seat) ?? null) : null;
  return {
    newspaper: forum.newspaper,
    purse: own ? { ...own, items: { ...own.items }, level: levelFor(own.points, s.settings.forum) } : null,
    arsenal: mafioso ? { stock: { ...forum.stock }, used: { ...forum.used } } : null,
    done,
    teamOrders:
      mafioso && night
        ? forum.tonight.filter((a) => a.seat !== seat && isMafioso(table, a.seat) && isMove(a.ability))
        : [],
    knocks: seat !== null ? forum.knocks.filter((k) => k.seat === seat) : [],
    reports:
      seat !== null
        ? (forum.reports ?? [])
            .filter((r) => r.seat === seat)
            .map(({ round, ability, target, done, reason, saved }) => ({
              seat,
              round,
              ability,
              target,
              done,
              reason,
              saved,
            }))
        : [],
    purses: privileged
      ? structuredClone(Object.fromEntries(Object.entries(forum.purses).filter(([, p]) => !emptyPurse(p))))
      : null,
  };
}
