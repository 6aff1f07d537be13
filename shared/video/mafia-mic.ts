import type { Seat } from '../domain/vocabulary.js';
import { rule } from '../engine/checks.js';
import { emit } from '../engine/tx.js';
import { isMafioso, mafiaAwake, mafiaMicOn } from './links.js';

/**
 * `mafiaMic {on}`: a living mafioso, while the mafia is awake, switches his mafia microphone on or off (A3:
 * "the app will ask whether to turn on the mafia's microphone"). The team hears each other once both ends
 * have it on. Where the rules give the mafia no voice at night (`chat: false`, sport's silent night), there
 * is no microphone to switch. Switching to the state it is already in records nothing.
 */
export const mafiaMicRule = rule<'mafiaMic'>(
  (s, _c, who) => {
    if (typeof who !== 'number' || !(who in s.names))
      return { code: 'not_a_player', message: 'only a seated player can do that' };
    if (!s.alive.includes(who)) return { code: 'dead_player', message: 'you are out of the game' };
    if (!isMafioso(s, who)) return { code: 'not_allowed', message: 'only the mafia has a night microphone' };
    if (!mafiaAwake(s))
      return { code: 'wrong_phase', message: 'the mafia microphone works only while the mafia is awake' };
    if (!s.settings.chat)
      return { code: 'not_allowed', message: 'the mafia does not talk at night in this game' };
    return undefined;
  },
  (tx, c, who) => {
    const s = tx.state;
    const seat = who as Seat;
    if (mafiaMicOn(s).includes(seat) === c.on) return;
    emit(tx, { type: 'mafiaMicSwitched', seat, on: c.on, round: s.phase.round });
  },
);
