import type { Seat } from '../domain/vocabulary.js';
import type { ActReason, NewspaperLine } from './newspaper.js';
import { OFFICE_GUARDS } from './protections.js';
import type { GuardId } from './roles.js';
import type { ActReport, ForumTable } from './state.js';

/** One act of the night as it came out: done or not, and why. */
export interface SettledAct {
  seat: Seat;
  ability: GuardId;
  target: Seat | null;
  done: boolean;
  reason: ActReason | null;
}

/**
 * Whether a guard's act stopped an attack tonight, read from the night's lines: the office guard against a
 * move it guards against (D3, D12: the Doctor's not against the mine), the Assistant's and the Apostate's
 * guards, the Maniac's den on the seat it covered.
 */
function saved(act: SettledAct, lines: readonly NewspaperLine[], table: ForumTable): boolean {
  if (!act.done) return false;
  return lines.some((line) => {
    if (line.form === 'mineWarning' || line.done) return false;
    switch (act.ability) {
      case 'guardOffice':
        return (
          line.form !== 'act' &&
          line.reason === 'officeGuard' &&
          OFFICE_GUARDS[line.move].includes(table.roles[act.seat])
        );
      case 'guardCommissar':
        return line.reason === 'assistant';
      case 'guardNecromancer':
        return line.reason === 'apostate';
      case 'den':
        return line.reason === 'den' && line.victim === act.target;
      default:
        return false;
    }
  });
}

/** Each player's own report of his act tonight (shown to him alone, every day after). */
export const actReports = (
  acts: readonly SettledAct[],
  lines: readonly NewspaperLine[],
  table: ForumTable,
  round: number,
): ActReport[] =>
  acts.map((a) => ({
    seat: a.seat,
    round,
    ability: a.ability,
    target: a.target,
    done: a.done,
    reason: a.reason,
    saved: saved(a, lines, table),
  }));
