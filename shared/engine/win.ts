import type { Seat } from '../domain/vocabulary.js';
import {
  dealtSeats,
  isThreat,
  livingMembersOf,
  TEAM_IDS,
  TEAMS,
  type TeamId,
  type Winner,
} from '../roles/index.js';
import { ruleSetOf } from '../rules/rule-sets.js';
import type { GameState } from './state.js';

/**
 * Everyone who shares a win (B12): the winning team's members, alive or dead as the team table says, and a
 * Jester voted out under `jesterEndsGame: false`, who wins while the game goes on (C17). Ascending.
 */
export function winnersOf(s: GameState, winner: Winner): Seat[] {
  if (winner === 'draw') return [];
  const rule = TEAMS[winner].winners;
  const members = dealtSeats(s).filter(
    (seat) => ruleSetOf(s).teamOf(s, seat) === winner && (rule === 'all' || s.alive.includes(seat)),
  );
  const votedOut = s.eliminated
    .filter((e) => e.how === 'vote')
    .map((e) => e.seat)
    .filter((seat) => {
      const team = ruleSetOf(s).teamOf(s, seat);
      return team !== undefined && team !== winner && TEAMS[team].votedOut;
    });
  return [...new Set([...members, ...votedOut])].sort((a, b) => a - b);
}

/**
 * Who has won with the players now alive, or null while the game goes on, read from the team table.
 * Town: no threat left — a sleeping Werewolf is one (B11, C2, C14). A gang (the mafia, the Yakuza): at
 * least as many as those its parity counts — the mafia the civilians, a Jester being none of them (C15), the
 * Yakuza everyone else (C16) — once it is the only gang and no lone killer lives (A2, B11, C2);
 * with a lone killer alive, a majority only when nobody but the gang and him remain (C15); two gangs and no
 * civilian left: the larger wins, equal gangs draw (C16). A lone killer: alive with one other player (C18).
 */
export function standardWinnerOf(s: GameState): Winner | null {
  if (s.alive.length === 0) return 'draw';
  if (!s.alive.some((seat) => isThreat(s, seat))) return 'town';
  const count = Object.fromEntries(TEAM_IDS.map((team) => [team, livingMembersOf(s, team).length])) as Record<
    TeamId,
    number
  >;
  const gangs = TEAM_IDS.filter((team) => TEAMS[team].gang && count[team] > 0);
  const loners = TEAM_IDS.filter((team) => TEAMS[team].alone && count[team] > 0);
  const armed = [...gangs, ...loners].reduce((n, team) => n + count[team], 0);
  const unarmed = s.alive.length - armed;
  const [gang] = gangs;
  if (loners.length > 0) {
    if (gangs.length === 1 && unarmed === 0 && count[gang] * 2 > s.alive.length) return gang;
    return s.alive.length <= 2 ? loners[0] : null;
  }
  if (gangs.length === 1) {
    const rivals = TEAMS[gang].parity === 'civilians' ? count.town : s.alive.length - count[gang];
    return count[gang] >= rivals ? gang : null;
  }
  if (gangs.length > 1 && count.town === 0) {
    const sizes = gangs.map((team) => count[team]).sort((a, b) => b - a);
    if (sizes[0] === sizes[1]) return 'draw';
    return gangs.find((team) => count[team] === sizes[0]) ?? null;
  }
  return null;
}

/** Who has won now, by the game's rule set (the forum's D1 and D16, or the team table above). */
export const winnerNow = (s: GameState): Winner | null => ruleSetOf(s).winnerNow(s);
