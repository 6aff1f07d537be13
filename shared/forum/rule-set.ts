import { withUndo } from '../engine/evolve.js';
import type { RuleSet } from '../engine/rule-set.js';
import { emit } from '../engine/tx.js';
import { FORUM_COMMAND_SCHEMAS } from './commands.js';
import type { ForumEvent } from './events.js';
import {
  afterForumElimination,
  applyForumAct,
  finishForumNight,
  forumActOffers,
  forumCommands,
  forumEveryoneActed,
  forumTable,
  forumVoteRefusal,
  forumWinnerOf,
  refuseForumAct,
} from './game.js';
import { forumOffers } from './offers.js';
import { FORUM_ABILITY_IDS, FORUM_ROLES, forumRolesProblem, forumTeamOf } from './roles.js';
import { type ForumAction, initialForum, takeBackTonight, tonightOf, withOrder } from './state.js';
import { forumViewFor } from './view.js';

/** Seed 003 as a rule set: its holdings at the deal, its orders, acts and shop, its newspaper night, its wins. */
export const FORUM: RuleSet = {
  dealt: (tx) =>
    emit(tx, {
      type: 'forumHoldings',
      forum: initialForum(forumTable(tx.state).roles, tx.state.settings.forum, tx.meta.seed ?? 0),
    }),
  refuseAct: (s, c, seat) => refuseForumAct(s, c, seat),
  applyAct: (tx, c, seat) => applyForumAct(tx, c, seat),
  actOffers: (s, seat) => forumActOffers(s, seat),
  commands: forumCommands,
  commandSchemas: FORUM_COMMAND_SCHEMAS,
  abilityIds: FORUM_ABILITY_IDS,
  offers: forumOffers,
  evolve: (s, e: ForumEvent) => {
    switch (e.type) {
      case 'forumActed':
        return { ...withUndo(s), forum: withOrder(s, e.action) };
      case 'forumNightResolved':
      case 'forumHoldings':
        return { ...s, forum: e.forum };
      default: {
        const _exhaustive: never = e;
        return s;
      }
    }
  },
  scratch: (s) => tonightOf(s),
  takeBack: (s, kept) => ({ ...s, forum: takeBackTonight(s, kept as ForumAction[]) }),
  voteRefusal: (s, seat) => forumVoteRefusal(s, seat),
  everyoneActed: (s) => forumEveryoneActed(s),
  resolveNight: (tx) => finishForumNight(tx),
  afterElimination: (tx, seat, how) => afterForumElimination(tx, seat, how),
  teamOf: (s, seat) => {
    const role = s.roles[seat];
    return role && role in FORUM_ROLES ? forumTeamOf(role as keyof typeof FORUM_ROLES) : undefined;
  },
  winnerNow: (s) => forumWinnerOf(s),
  winsOnNight: true,
  tableMoves: false,
  rolesProblem: (roles, ownGame) => forumRolesProblem(roles, ownGame),
  view: (s, viewer, privileged) => ({ forum: forumViewFor(s, viewer, privileged) }),
};
