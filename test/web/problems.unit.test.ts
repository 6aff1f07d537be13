import { describe, expect, it } from 'vitest';
import { type ProblemCode, problemText } from '../../web/src/i18n/problems.js';

/** Every code a server sends or the app raises; the type below fails to compile if one is missing. */
const CODES = [
  'bad_command',
  'wrong_phase',
  'not_your_turn',
  'not_allowed',
  'host_only',
  'not_host',
  'as_not_allowed',
  'dead_player',
  'not_a_player',
  'unknown_seat',
  'seat_taken',
  'game_full',
  'name_taken',
  'bad_name',
  'already_acted',
  'bad_target',
  'immune_target',
  'self_vote',
  'already_nominated',
  'already_voted',
  'too_late',
  'not_enough_players',
  'bad_settings',
  'nothing_to_undo',
  'game_over',
  'stale_version',
  'bad_json',
  'bad_frame',
  'unknown_action',
  'too_large',
  'bad_token',
  'no_game',
  'not_bound',
  'rate_limited',
  'link_forbidden',
  'busy',
  'push_off',
  'push_key',
  'push_endpoint',
  'wrong_game',
  'bad_tournament',
  'no_tournament',
  'spectator',
  'internal',
  'network',
] as const satisfies readonly ProblemCode[];
type Missing = Exclude<ProblemCode, (typeof CODES)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;

describe('a server’s refusal in the phone’s words', () => {
  it('gives every code the server sends a text of the app’s own, never the server’s English', () => {
    expect(complete).toBe(true);
    // The server's message is the fallback: no code may fall through to it (locales.unit.test.ts holds
    // each text to its translation in every language).
    for (const code of CODES) expect(problemText(code, 'SERVER WORDS'), code).not.toBe('SERVER WORDS');
  });

  it('keeps the server’s own words for a code this app does not know yet', () => {
    expect(problemText('a_newer_code', 'the server says why')).toBe('the server says why');
  });
});
