import type { RuleSetOffers } from '../engine/rule-set.js';
import { PURCHASES } from './purse.js';

/**
 * The forum's own commands in `may`, each asked of `decide`'s checks: what the shop sells now with MafBucks,
 * with the lone mafioso's move (D9) and with a mafioso's vote (D5); whether he may train (D2).
 */
export const forumOffers: RuleSetOffers = {
  buy: ({ ask }) => {
    const items = PURCHASES.filter((item) => ask({ type: 'buy', item }));
    const withMove = PURCHASES.filter((item) => ask({ type: 'buy', item, withMove: true }));
    const withVote = PURCHASES.filter((item) => ask({ type: 'buy', item, withVote: true }));
    return items.length + withMove.length + withVote.length > 0 ? { items, withMove, withVote } : null;
  },
  train: ({ ask }) => (ask({ type: 'train' }) ? {} : null),
};
