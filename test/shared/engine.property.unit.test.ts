import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { evolve } from '../../shared/engine/evolve.js';
import { initialState } from '../../shared/engine/state.js';
import type { GameEvent } from '../../shared/log/events.js';
import { Table } from '../../shared/play/table.js';
import type { RoleId } from '../../shared/roles/index.js';
import { ROLES } from '../../shared/roles/index.js';
import { chatFor, viewFor } from '../../shared/views/view.js';

type Move = { kind: 'jump' } | { kind: 'send'; by: number | 'host'; command: Record<string, unknown> };

const seat = fc.integer({ min: 1, max: 10 });
const commandArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant('act'), ability: fc.constantFrom('shoot', 'check'), target: seat }),
  fc.record({ type: fc.constant('nominate'), target: seat }),
  fc.record({ type: fc.constant('vote'), target: seat }),
  fc.record({ type: fc.constant('vote'), choice: fc.constantFrom('leave', 'stay') }),
  fc.constant({ type: 'unvote' }),
  fc.constant({ type: 'knowTeam' }),
  fc.constant({ type: 'endSpeech' }),
  fc.record({
    type: fc.constant('say'),
    channel: fc.constantFrom('table', 'mafia', 'dead'),
    text: fc.constant('hi'),
  }),
  fc.record({ type: fc.constant('bestMove'), targets: fc.uniqueArray(seat, { minLength: 3, maxLength: 3 }) }),
);
const hostArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant('foul'), seat }),
  fc.constant({ type: 'pauseClock' }),
  fc.constant({ type: 'unpauseClock' }),
  fc.record({ type: fc.constant('extendClock'), seconds: fc.integer({ min: 1, max: 30 }) }),
  fc.constant({ type: 'advance' }),
  fc.constant({ type: 'undo' }),
);
const moveArb: fc.Arbitrary<Move> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'jump' as const }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('send' as const), by: seat, command: commandArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      by: fc.constant('host' as const),
      command: hostArb,
    }),
  },
);
const gameArb = fc.record({
  preset: fc.constantFrom('online', 'classic', 'sport'),
  master: fc.constantFrom('auto', 'narrator'),
  players: fc.integer({ min: 7, max: 10 }),
  seed: fc.integer(),
  revealRoles: fc.boolean(),
  moves: fc.array(moveArb, { maxLength: 120 }),
});

type Game = {
  preset: string;
  master: string;
  players: number;
  seed: number;
  revealRoles: boolean;
  moves: Move[];
};

function play(g: Game) {
  const t = new Table();
  const players = g.preset === 'sport' ? 10 : g.players;
  t.create({ preset: g.preset as 'online', master: g.master as 'auto', revealRoles: g.revealRoles });
  for (let i = 1; i <= players; i++) t.join(`P${i}`);
  t.command('host', { type: 'start' }, g.seed);
  for (const m of g.moves) {
    if (m.kind === 'jump') t.jump();
    else t.send(m.by, m.command);
  }
  return t;
}

const mafiaTeam = (r: RoleId | undefined) => r !== undefined && ROLES[r].meets === 'mafia';

describe('engine properties over random command sequences', () => {
  it('evolve never throws, and folding the log twice gives the same state', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const t = play(g);
        const commits = t.log.map((events, i) => ({ seq: i + 1, events }));
        const once = foldCommits(emptyFold, commits);
        const twice = foldCommits(emptyFold, commits);
        expect(once.state).toEqual(t.state);
        expect(twice).toEqual(once);
        expect(once.version).toBe(t.version);
      }),
      { numRuns: 150 },
    );
  });

  it('evolve never throws, even on events it does not know or that make no sense now', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ type: fc.string(), seat: seat }), { maxLength: 20 }), (junk) => {
        let s = initialState;
        for (const e of junk) s = evolve(s, e as unknown as GameEvent);
        expect(s).toBeDefined();
      }),
    );
  });

  it("no view of a seat shows another seat's role unless the rules reveal it to him", () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const t = play(g);
        const s = t.state;
        for (const viewerSeat of Object.keys(s.names).map(Number)) {
          const view = viewFor(s, { kind: 'seat', seat: viewerSeat });
          expect(view.host).toBeNull();
          for (const sv of view.seats) {
            if (sv.role === null || sv.seat === viewerSeat) continue;
            const revealed =
              s.phase.kind === 'over' || (s.settings.revealRoles && !s.alive.includes(sv.seat));
            const teammates = mafiaTeam(s.roles[viewerSeat]) && mafiaTeam(s.roles[sv.seat]);
            expect(revealed || teammates, `seat ${viewerSeat} sees seat ${sv.seat}'s role`).toBe(true);
          }
          if (s.phase.kind !== 'over' && !mafiaTeam(s.roles[viewerSeat])) {
            expect(view.chat).not.toContain('mafia');
            expect(chatFor(s, { kind: 'seat', seat: viewerSeat }).some((m) => m.channel === 'mafia')).toBe(
              false,
            );
          }
          const ownChecks = [...s.nights.flatMap((n) => n.actions), ...s.actions].filter(
            (a) => a.seat === viewerSeat && a.result !== undefined,
          );
          expect(view.you?.checks.length ?? 0).toBeLessThanOrEqual(ownChecks.length);
          for (const c of view.you?.checks ?? [])
            expect(ownChecks.some((a) => a.target === c.target)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the same commands decides the same events (determinism)', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        expect(play(g).log).toEqual(play(g).log);
      }),
      { numRuns: 50 },
    );
  });
});
