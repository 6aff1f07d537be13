import type { RuleSet } from '../engine/rule-set.js';
import { emit } from '../engine/tx.js';
import {
  afterForumElimination,
  finishForumNight,
  forumAct,
  forumEveryoneActed,
  forumTable,
  forumWinnerOf,
} from './game.js';
import { initialForum } from './state.js';

/** Seed 003 as a rule set: its holdings at the deal, its orders and acts, its newspaper night, its wins. */
export const FORUM: RuleSet = {
  dealt: (tx) =>
    emit(tx, {
      type: 'forumHoldings',
      forum: initialForum(forumTable(tx.state).roles, tx.state.settings.forum),
    }),
  act: (tx, c, seat) => forumAct(tx, c, seat),
  everyoneActed: (s) => forumEveryoneActed(s),
  resolveNight: (tx) => finishForumNight(tx),
  afterElimination: (tx, seat, how) => afterForumElimination(tx, seat, how),
  winnerNow: (s) => forumWinnerOf(s),
  winsOnNight: true,
};
