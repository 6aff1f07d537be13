import type { Settings } from '../../../shared/rules/settings.js';
import type { KeyValueStore } from './sessions.js';

/** The ways a judge deals at a live table; physical cards are recorded like a deal by hand. */
export const DEAL_CHOICES = ['random', 'physical', 'manual', 'cards'] as const;
export type DealChoice = (typeof DEAL_CHOICES)[number];

/** The `dealing` setting a choice plays with. */
export const dealingOf = (choice: DealChoice): Settings['dealing'] =>
  choice === 'physical' ? 'manual' : choice;

const PREFIX = 'sc.deal.';

/** The judge's choice, kept on his device per game: a reload of the lobby must not ask him again. */
export function rememberDeal(store: KeyValueStore, gameId: string, choice: DealChoice): void {
  store.setItem(PREFIX + gameId, choice);
}

/**
 * The choice this device made for the game, while the room still deals that way (a change of the settings
 * since, from another device too, asks again).
 */
export function rememberedDeal(
  store: KeyValueStore,
  gameId: string,
  dealing: Settings['dealing'],
): DealChoice | null {
  const held = store.getItem(PREFIX + gameId);
  const choice = DEAL_CHOICES.find((c) => c === held);
  return choice && dealingOf(choice) === dealing ? choice : null;
}
