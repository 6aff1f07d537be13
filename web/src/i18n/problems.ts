import { msg } from '@lit/localize';
import type { RejectionCode } from '../../../shared/domain/vocabulary.js';
import type { ErrorCode } from '../../../shared/protocol/frames.js';

/** Every code the server answers with, and the app's own for an unreachable server. */
export type ProblemCode = RejectionCode | ErrorCode | 'network';

/**
 * A refusal in the player's language. The server's message is English and precise; the code says enough
 * for a player, and anything we do not know falls back to the server's words.
 */
export function problemText(code: string, fallback: string): string {
  const known = code as ProblemCode;
  switch (known) {
    case 'wrong_phase':
      return msg('Not now: the game has moved on.', { id: 'err.wrong_phase' });
    case 'not_your_turn':
      return msg('It is not your turn.', { id: 'err.not_your_turn' });
    case 'not_allowed':
      return msg('That is not allowed in this game.', { id: 'err.not_allowed' });
    case 'dead_player':
      return msg('You are out of the game.', { id: 'err.dead_player' });
    case 'already_acted':
      return msg('You have already done that.', { id: 'err.already_acted' });
    case 'already_voted':
      return msg('You have already voted.', { id: 'err.already_voted' });
    case 'already_nominated':
      return msg('Already nominated.', { id: 'err.already_nominated' });
    case 'bad_target':
    case 'unknown_seat':
      return msg('That seat cannot be chosen.', { id: 'err.bad_target' });
    case 'immune_target':
      return msg('That player is immune tonight.', { id: 'err.immune_target' });
    case 'self_vote':
      return msg('You cannot vote for yourself.', { id: 'err.self_vote' });
    case 'too_late':
      return msg('Too late: your window has closed.', { id: 'err.too_late' });
    case 'not_enough_players':
      return msg('Not enough players for these rules.', { id: 'err.not_enough_players' });
    case 'seat_taken':
      return msg('That seat is taken.', { id: 'err.seat_taken' });
    case 'name_taken':
      return msg('Someone at this table already has that name: choose another.', { id: 'err.name_taken' });
    case 'bad_name':
      return msg('That name cannot be used: choose another.', { id: 'err.bad_name' });
    case 'spectator':
      return msg('You are watching this game: a spectator cannot play in it.', { id: 'err.spectator' });
    case 'host_only':
    case 'not_host':
      return msg('Only the host can do that.', { id: 'err.host_only' });
    case 'game_full':
      return msg('The game is full.', { id: 'err.game_full' });
    case 'game_over':
      return msg('The game is over.', { id: 'err.game_over' });
    case 'nothing_to_undo':
      return msg('Nothing to undo.', { id: 'err.nothing_to_undo' });
    case 'no_game':
      return msg('No game with that code.', { id: 'err.no_game' });
    case 'bad_token':
      return msg('This phone is no longer in that game.', { id: 'err.bad_token' });
    case 'bad_settings':
      return msg('These settings do not work together.', { id: 'err.bad_settings' });
    case 'network':
      return msg('Could not reach the server.', { id: 'err.network' });
    case 'as_not_allowed':
      return msg('Only the judge of a live table records moves for a seat.', { id: 'err.as_not_allowed' });
    case 'not_a_player':
      return msg('The host does not play in this game.', { id: 'err.not_a_player' });
    case 'stale_version':
      return msg('The game changed meanwhile: look again and retry.', { id: 'err.stale_version' });
    case 'bad_command':
    case 'bad_frame':
    case 'bad_json':
    case 'unknown_action':
      return msg('The server could not read that request: reload the page and try again.', {
        id: 'err.unreadable',
      });
    case 'too_large':
      return msg('That is too long to send.', { id: 'err.too_large' });
    case 'not_bound':
      return msg('This phone is not in a game yet: open the game again.', { id: 'err.not_bound' });
    case 'rate_limited':
      return msg('Too many requests at once: wait a moment and try again.', { id: 'err.rate_limited' });
    case 'busy':
      return msg('The server is busy: try again in a moment.', { id: 'err.busy' });
    case 'internal':
      return msg('Something went wrong on the server: try again.', { id: 'err.internal' });
    case 'link_forbidden':
      return msg('No video link with that player is allowed now.', { id: 'err.link_forbidden' });
    case 'push_off':
      return msg('This server sends no notifications.', { id: 'err.push_off' });
    case 'push_key':
      return msg('Notifications must be switched on again on this phone.', { id: 'err.push_key' });
    case 'push_endpoint':
      return msg('This phone’s notification service cannot be used.', { id: 'err.push_endpoint' });
    case 'wrong_game':
      return msg('That was meant for another game than the one this phone is in.', { id: 'err.wrong_game' });
    case 'bad_tournament':
      return msg('The tournament cannot be set up so: check its players, rounds and tables.', {
        id: 'err.bad_tournament',
      });
    case 'no_tournament':
      return msg('No such tournament.', { id: 'err.no_tournament' });
    default: {
      // A code from a newer server than this app: its own words.
      const _unknown: never = known;
      return fallback;
    }
  }
}
