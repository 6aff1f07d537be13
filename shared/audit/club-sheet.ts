import type { Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';
import type { NightAction, NightOutcome, NightReport } from '../log/records.js';
import {
  dealtSeats,
  dealtToWake,
  introGroupsOf,
  kindOf,
  type RoleId,
  roleOf,
  type WakeGroup,
  type Winner,
} from '../roles/index.js';
import { PRESETS } from '../rules/presets.js';
import {
  type CheckLine,
  type DayLine,
  type Departure,
  dayLine,
  dayRounds,
  departureOf,
  type SheetHeader,
  seatsOf,
  sheetHeader,
} from './sheet.js';

export interface ClubSeatLine {
  seat: Seat;
  player: string;
  role: RoleId;
  /** Remarks (warnings) the host gave him (E5). */
  remarks: number;
  left: Departure | null;
}

/** One group the host met on the acquaintance night and the seats he wrote down for it (E3). */
export interface AcquaintanceLine {
  wake: WakeGroup;
  seats: Seat[];
}

/** A night action of one player; `blocked` when the Putana visited him that night, so it did nothing (E13). */
export interface ActionLine {
  seat: Seat;
  target: Seat;
  blocked: boolean;
}

/**
 * A check as the club protocol writes it; `blocked` when the Putana visited the checker: he learned nothing
 * (E13), and the check has no answer.
 */
export interface ClubCheckLine {
  seat: Seat;
  target: Seat;
  result: CheckLine['result'] | null;
  blocked: boolean;
}

export interface ClubNightLine {
  round: number;
  /** The Putana's visit: the seat she blocked, who has an alibi the next day (E12). */
  block: ActionLine | null;
  /** Each mafioso's and the Don's shot as shown to the host; empty when he recorded only the result. */
  shots: ActionLine[];
  donCheck: ClubCheckLine | null;
  sheriffCheck: ClubCheckLine | null;
  heal: ActionLine | null;
  kill: ActionLine | null;
  /** What each attack came to, with its reason (killed, split targets, saved by the Doctor, blocked …). */
  outcomes: NightOutcome[];
  deaths: Seat[];
}

export interface ClubDayLine extends DayLine {
  /** The seat the Putana visited the night before: he cannot be voted out today (E12). */
  alibi: Seat | null;
  /** Leaders the vote would have sent out who stayed on that alibi. */
  stayed: Seat[];
}

/** The club game protocol (seed 004, E1–E16): plain data, JSON as it is. */
export interface ClubSheet {
  rules: 'club';
  header: SheetHeader;
  /** False while the game goes on: the host's working copy. */
  final: boolean;
  seats: ClubSeatLine[];
  acquaintance: AcquaintanceLine[];
  nights: ClubNightLine[];
  days: ClubDayLine[];
  winner: Winner | null;
  winners: Seat[];
}

export function buildClubSheet(s: GameState): ClubSheet {
  const final = s.phase.kind === 'over';
  return {
    rules: 'club',
    header: sheetHeader(s),
    final,
    seats: seatsOf(s).map((seat) => ({
      seat,
      player: s.names[seat] ?? '',
      role: s.roles[seat] ?? 'civilian',
      remarks: s.remarks[seat] ?? 0,
      left: departureOf(s, seat),
    })),
    acquaintance: acquaintanceOf(s),
    nights: s.nights.filter((n) => n.round > 0).map((n) => nightLine(s, n)),
    days: dayRounds(s).map((round) => clubDayLine(s, round)),
    winner: final ? s.winner : null,
    winners: final ? s.winners : [],
  };
}

/**
 * The groups in the wake script's order, each with every seat dealt to it, the dead included (E3). Only seats
 * already dealt a role: in the lobby the host deals one seat after another, and the sheet is his to see.
 */
function acquaintanceOf(s: GameState): AcquaintanceLine[] {
  const dealt = { ...s, alive: [...dealtSeats(s)] };
  return introGroupsOf(dealt, PRESETS[s.settings.preset].wakeOrder).map((wake) => ({
    wake,
    seats: dealtToWake(dealt, wake),
  }));
}

function nightLine(s: GameState, night: NightReport): ClubNightLine {
  const blocked = new Set(night.actions.filter((a) => kindOf(s, a) === 'block').map((a) => a.target));
  const lines = (verb: NightAction['ability']): ActionLine[] =>
    night.actions
      .filter((a) => a.ability === verb)
      .map((a) => ({ seat: a.seat, target: a.target, blocked: blocked.has(a.seat) }));
  const checked = (don: boolean): ClubCheckLine | null => {
    const a = night.actions.find((x) => x.ability === 'check' && (roleOf(s, x.seat) === 'don') === don);
    return a
      ? { seat: a.seat, target: a.target, result: a.result ?? null, blocked: blocked.has(a.seat) }
      : null;
  };
  return {
    round: night.round,
    block: lines('block')[0] ?? null,
    shots: lines('shoot'),
    donCheck: checked(true),
    sheriffCheck: checked(false),
    heal: lines('heal')[0] ?? null,
    kill: lines('kill')[0] ?? null,
    outcomes: night.outcomes,
    deaths: night.deaths.map((d) => d.seat),
  };
}

/** Day `round` as the club protocol writes it: the day's line, with the alibi and who stayed on it (E12). */
export function clubDayLine(s: GameState, round: number): ClubDayLine {
  const day = dayLine(s, round);
  const alibi = s.nights.find((n) => n.round === round - 1)?.alibi ?? null;
  const wouldLeave = day.ballots.flatMap((b) => b.leaves);
  return { ...day, alibi, stayed: alibi !== null && wouldLeave.includes(alibi) ? [alibi] : [] };
}
