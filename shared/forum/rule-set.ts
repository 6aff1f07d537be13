import type { RuleSet } from '../engine/rule-set.js';
import { emit } from '../engine/tx.js';
import {
  afterForumElimination,
  applyForumAct,
  finishForumNight,
  forumActOffers,
  forumEveryoneActed,
  forumTable,
  forumWinnerOf,
  refuseForumAct,
} from './game.js';
import { initialForum } from './state.js';

/** Seed 003 as a rule set: its holdings at the deal, its orders and acts, its newspaper night, its wins. */
export const FORUM: RuleSet = {
  dealt: (tx) =>
    emit(tx, {
      type: 'forumHoldings',
      forum: initialForum(forumTable(tx.state).roles, tx.state.settings.forum),
    }),
  refuseAct: (s, c, seat) => refuseForumAct(s, c, seat),
  applyAct: (tx, c, seat) => applyForumAct(tx, c, seat),
  actOffers: (s, seat) => forumActOffers(s, seat),
  everyoneActed: (s) => forumEveryoneActed(s),
  resolveNight: (tx) => finishForumNight(tx),
  afterElimination: (tx, seat, how) => afterForumElimination(tx, seat, how),
  winnerNow: (s) => forumWinnerOf(s),
  winsOnNight: true,
};
