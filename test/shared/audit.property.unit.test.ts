import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../shared/audit/audit.js';
import { redecide } from '../../shared/audit/command.js';
import type { Actor } from '../../shared/domain/vocabulary.js';
import { Table, tableLog } from '../../shared/play/table.js';
import { PRESETS } from '../../shared/rules/presets.js';
import { PRESET_IDS, type PresetId } from '../../shared/rules/settings.js';
import { type Command, hostMoves, seatMoves } from './support/moves.js';

const legal = (t: Table, actor: Actor, command: Command) =>
  redecide(t.state, { actor: String(actor), at: t.now, command }).ok;

const game = fc.record({
  preset: fc.constantFrom<PresetId>(...PRESET_IDS),
  extra: fc.nat(3),
  dealing: fc.constantFrom('random' as const, 'cards' as const),
  seed: fc.integer(),
  choices: fc.array(fc.nat(), { minLength: 300, maxLength: 600 }),
});
type Game = typeof game extends fc.Arbitrary<infer T> ? T : never;

/**
 * A random legal game: each choice lets the clock run out, has the host act, or has a seat make one of the
 * moves the rules allow him now (the host records it for him in moderator mode).
 */
function play(g: Game): Table {
  const t = new Table();
  const preset = PRESETS[g.preset];
  const players = Math.min(preset.minPlayers + g.extra, preset.maxPlayers);
  t.create({ preset: g.preset, dealing: g.dealing });
  for (let i = 1; i <= players; i++) t.join(`P${i}`);
  expect(t.command('host', { type: 'start' }, g.seed)).toBeNull();
  const moderated = t.state.settings.master === 'moderator';
  for (const c of g.choices) {
    if (t.state.phase.kind === 'over') break;
    if (c % 6 === 0 && t.jump()) continue;
    if (c % 6 <= 1) {
      const options = hostMoves(t.state).filter((m) => legal(t, 'host', m));
      if (options.length > 0) expect(t.send('host', options[(c >> 3) % options.length])).toBeNull();
      continue;
    }
    const seats = Object.keys(t.state.names).map(Number);
    const seat = seats[(c >> 3) % seats.length];
    const actor = moderated ? 'host' : seat;
    const options = seatMoves(t.state, seat)
      .map((m) => (moderated ? { ...m, as: seat } : m))
      .filter((m) => legal(t, actor, m));
    if (options.length > 0) expect(t.send(actor, options[(c >> 5) % options.length])).toBeNull();
  }
  return t;
}

// Hundreds of decisions per game: a busy machine needs more than the default test timeout.
describe('audit over random legal games', () => {
  it('given any game of any preset played by the rules, when its log is audited, then it passes', () => {
    let over = 0;
    fc.assert(
      fc.property(game, (g) => {
        const t = play(g);
        const result = auditLog(tableLog(t, 'g-random'));
        expect(result).toMatchObject({ ok: true, version: t.version });
        if (t.state.phase.kind === 'over') over++;
      }),
      { numRuns: 40 },
    );
    // The games are long enough to be played to the end, so the audit sees wins, not just openings.
    expect(over).toBeGreaterThan(20);
  }, 120_000);
});
