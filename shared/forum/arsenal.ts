import type { ProtectionId } from './protections.js';
import type { MoveId } from './roles.js';

export interface MoveDef {
  /** Shots the move fires: one for the nagant, rifle and mine, two and three for the double and triple kill. */
  shots: number;
  /** What can stop it, highest priority first (the seed's list under each move). */
  protections: readonly ProtectionId[];
}

const againstShots: readonly ProtectionId[] = [
  'officeGuard',
  'assistant',
  'apostate',
  'antimafia',
  'den',
  'autoDen',
  'selfDefence',
  'elixir',
  'vest',
];

/** The mafia's arsenal (D10–D15); levels, uses and points are settings (settings.ts). */
export const ARSENAL: Record<MoveId, MoveDef> = {
  nagant: { shots: 1, protections: againstShots },
  // D11: the automatic den does not stop the rifle; the vest row asks for two vests.
  rifle: { shots: 1, protections: againstShots.filter((p) => p !== 'autoDen') },
  // D12: only guards and dens stop a mine being planted; the Doctor's office guard does not (protections.ts).
  mine: { shots: 1, protections: ['officeGuard', 'assistant', 'apostate', 'antimafia', 'den', 'autoDen'] },
  doubleKill: { shots: 2, protections: againstShots },
  tripleKill: { shots: 3, protections: againstShots },
  // D15: the whole office at once; only the office guard stops it.
  blowOffice: { shots: 0, protections: ['officeGuard'] },
};
