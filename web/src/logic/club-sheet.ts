import type { ActionLine, ClubNightLine, ClubSheet } from '../../../shared/audit/club-sheet.js';
import type { AnySheet } from '../../../shared/audit/sheets.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { CheckResult } from '../../../shared/log/records.js';

/** The club protocol when the view carries one (the host's working copy, everyone's once the game is over). */
export const clubSheetOf = (sheet: AnySheet | null): ClubSheet | null =>
  sheet && 'rules' in sheet ? sheet : null;

/** Who did it, in the night's wake order (E13): the Putana, each shooter, the Don, the Sheriff, the Doctor, the Maniac. */
export type NightActor = 'lover' | 'mafia' | 'don' | 'sheriff' | 'doctor' | 'maniac';

export interface NightEntry {
  by: NightActor;
  seat: Seat;
  target: Seat;
  /** The Putana visited him that night: his action did nothing (E13). */
  blocked: boolean;
  /** A check's answer. */
  result: CheckResult | null;
}

/**
 * One line per action the host recorded that night, in wake order: what a phone shows as a short list where
 * the printed protocol has a wide row. A night whose shot was recorded only as a result has no shooter lines;
 * its outcome still says what the shot came to.
 */
export function nightEntries(night: ClubNightLine): NightEntry[] {
  const action = (by: NightActor, a: ActionLine | null): NightEntry[] =>
    a ? [{ by, seat: a.seat, target: a.target, blocked: a.blocked, result: null }] : [];
  const check = (by: NightActor, c: ClubNightLine['donCheck']): NightEntry[] =>
    c ? [{ by, seat: c.seat, target: c.target, blocked: c.blocked, result: c.result }] : [];
  return [
    ...action('lover', night.block),
    ...night.shots.flatMap((s) => action('mafia', s)),
    ...check('don', night.donCheck),
    ...check('sheriff', night.sheriffCheck),
    ...action('doctor', night.heal),
    ...action('maniac', night.kill),
  ];
}
