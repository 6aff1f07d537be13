import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameState } from '../../../shared/engine/state.js';
import { ABILITIES, ROLES } from '../../../shared/roles/index.js';

/* The moves random games choose from; each test keeps those the decider accepts now. */

export type Command = Record<string, unknown>;

/** What a seat might try now: every move of the game, aimed at every living seat. */
export function seatMoves(s: GameState, seat: Seat): Command[] {
  const role = s.roles[seat];
  const abilities = role ? [...new Set(ROLES[role].abilities.map((a) => ABILITIES[a].verb))] : [];
  const targets = s.alive;
  return [
    ...abilities.flatMap((ability) => targets.map((target) => ({ type: 'act', ability, target }))),
    ...targets.map((target) => ({ type: 'nominate', target })),
    ...targets.map((target) => ({ type: 'vote', target })),
    { type: 'vote', choice: 'leave' },
    { type: 'vote', choice: 'stay' },
    { type: 'endSpeech' },
    { type: 'knowTeam' },
    ...(s.deck ?? []).map((_, i) => ({ type: 'pickCard', card: i + 1 })),
    { type: 'bestMove', targets: targets.filter((t) => t !== seat).slice(0, 3) },
    { type: 'say', channel: 'table', text: 'I am town' },
    { type: 'say', channel: 'mafia', text: 'tonight, 4' },
    { type: 'say', channel: 'dead', text: 'they got me' },
  ];
}

export function hostMoves(s: GameState): Command[] {
  return [
    { type: 'advance' },
    ...s.alive.map((seat) => ({ type: 'foul', seat })),
    ...s.alive.map((target) => ({ type: 'recordShot', target })),
    { type: 'recordShot', target: null },
    { type: 'pauseClock' },
    { type: 'unpauseClock' },
    { type: 'extendClock', seconds: 10 },
    { type: 'undo' },
  ];
}
