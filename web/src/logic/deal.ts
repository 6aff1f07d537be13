import type { Settings } from '../../../shared/rules/settings.js';

/** The ways a judge deals at a live table; physical cards are recorded like a deal by hand. */
export const DEAL_CHOICES = ['random', 'physical', 'manual', 'cards'] as const;
export type DealChoice = (typeof DEAL_CHOICES)[number];

/** The `dealing` setting a choice plays with. */
export const dealingOf = (choice: DealChoice): Settings['dealing'] =>
  choice === 'physical' ? 'manual' : choice;
