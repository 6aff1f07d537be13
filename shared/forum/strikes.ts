import type { ProtectionId } from './protections.js';
import type { StrikeId } from './roles.js';

export interface StrikeDef {
  /** What it does when nothing stops it: kills, paralyses (D17), or leaves the Maniac's poison. */
  effect: 'kill' | 'paralyse' | 'poison';
  /** What can stop it, highest priority first. */
  protections: readonly ProtectionId[];
}

/*
 * The seed lists protections only under the mafia's moves; for the town's strikes we keep their order and
 * leave out what is against the mafia alone (the office guard, Anti-mafia, D3). The Assistant's guard and
 * the Maniac's den kill the striker as they kill a mafioso (D10).
 */
const againstShots: readonly ProtectionId[] = [
  'assistant',
  'apostate',
  'den',
  'autoDen',
  'selfDefence',
  'elixir',
  'vest',
];

/** The town's attacks and the neutrals' harm (D17); every number that shapes them is a setting. */
export const STRIKES: Record<StrikeId, StrikeDef> = {
  commissarShot: { effect: 'kill', protections: againstShots },
  citizenShot: { effect: 'kill', protections: againstShots },
  // The Killer's own auto-defence is his protection when he is shot (`selfDefence`).
  killerShot: { effect: 'kill', protections: againstShots },
  // The Maniac's kill: his den is his own, so it does not stop him.
  maniacKill: { effect: 'kill', protections: againstShots.filter((p) => p !== 'den' && p !== 'autoDen') },
  // The cemetery (D17: «анти-нежить»): the anti-undead comes first; a vest does not stop teeth.
  bite: { effect: 'kill', protections: ['antiundead', 'assistant', 'apostate', 'den', 'autoDen', 'elixir'] },
  paralyse: { effect: 'paralyse', protections: ['antiundead', 'assistant', 'apostate'] },
  // The poison is laid on its carrier unseen: nothing stops it; whoever then touches him dies (D12).
  poison: { effect: 'poison', protections: [] },
};
