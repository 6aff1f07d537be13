import { msg } from '@lit/localize';

/**
 * A refusal in the player's language. The server's message is English and precise; the code says enough
 * for a player, and anything we do not know falls back to the server's words.
 */
export function problemText(code: string, fallback: string): string {
  switch (code) {
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
    default:
      return fallback;
  }
}
