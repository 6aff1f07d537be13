import type { Seat } from '../../../shared/domain/vocabulary.js';
import { type RoleId, type TeamId, teammatesOf, teamOf } from '../../../shared/roles/index.js';
import type { GameView } from '../../../shared/views/types.js';
import { records } from './host-desk.js';

/** What one player's card shows when the judge's phone is passed to him: his role, team and teammates. */
export interface PassedCard {
  role: RoleId;
  team: TeamId | null;
  teammates: Seat[];
}

/**
 * The seats whose cards go round on the host's phone: at a table the judge records, every dealt seat; at a
 * narrator's table, the players he seated without a phone (the others see their cards on their own).
 */
export function passRound(view: GameView): Seat[] {
  const host = view.host;
  if (!host) return [];
  const dealt = view.seats.map((s) => s.seat).filter((seat) => seat in host.roles);
  if (records(view)) return dealt;
  if (view.settings.master !== 'narrator') return [];
  return dealt.filter((seat) => host.phoneless.includes(seat));
}

/**
 * A judge recording a live table, or a narrator with players who have no phone, passes his phone round so
 * they see their cards: once the roles are dealt and before the first night with actions.
 */
export const canPassPhone = (view: GameView): boolean =>
  passRound(view).length > 0 &&
  (view.phase.round === 0 || (view.phase.kind === 'day' && view.phase.round === 1));

/** One seat's card from the judge's deal, and nothing about any other seat beyond his own team. */
export function passedCard(view: GameView, seat: Seat): PassedCard | null {
  const roles = view.host?.roles ?? {};
  const role = roles[seat];
  if (!role) return null;
  const table = { roles, alive: view.seats.filter((s) => s.alive).map((s) => s.seat) };
  // The view's row carries the team the game's own rule set gives (the forum's Doctor is neutral).
  const team = view.seats.find((s) => s.seat === seat)?.team ?? teamOf(table, seat) ?? null;
  return { role, team, teammates: teammatesOf(table, seat) };
}
