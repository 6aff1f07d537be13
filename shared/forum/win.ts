import type { Seat } from '../domain/vocabulary.js';
import { FORUM_ROLES, type ForumSide } from './roles.js';
import type { ForumSettings } from './settings.js';
import type { ForumState, ForumTable } from './state.js';

const living = (table: ForumTable, side: ForumSide): Seat[] =>
  table.alive.filter((seat) => FORUM_ROLES[table.roles[seat]].side === side);

/**
 * D1 and D16: the lair wins on points when any living mafioso reaches the victory points, or by taking the
 * city — no attacker left («комиссара, стреляющих мирных жителей, кладбища»: the Commissar, the shooting
 * civilians, the cemetery — the Necromancer and the undead; `attacks` in the role table) and more of the lair
 * than of the neutrals alive; the town wins when the lair is gone. Null while the game goes on.
 */
export function forumWinner(
  state: ForumState,
  table: ForumTable,
  settings: ForumSettings,
): 'mafia' | 'town' | null {
  const lair = living(table, 'lair');
  const onPoints = lair.some(
    (seat) =>
      FORUM_ROLES[table.roles[seat]].mafioso && (state.purses[seat]?.points ?? 0) >= settings.victoryPoints,
  );
  if (onPoints) return 'mafia';
  if (lair.length === 0) return 'town';
  const attackers = table.alive.filter((seat) => FORUM_ROLES[table.roles[seat]].attacks);
  if (attackers.length === 0 && lair.length > living(table, 'neutral').length) return 'mafia';
  return null;
}
