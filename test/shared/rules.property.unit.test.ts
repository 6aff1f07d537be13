import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor, Seat } from '../../shared/domain/vocabulary.js';
import { parseCommand } from '../../shared/engine/commands.js';
import { decide } from '../../shared/engine/decide.js';
import type { GameState } from '../../shared/engine/state.js';
import type { GameEvent } from '../../shared/log/events.js';
import { Table } from '../../shared/play/table.js';
import { ABILITIES, ROLES, type RoleId, sideNow, TEAMS, teamOf } from '../../shared/roles/index.js';
import { PRESETS } from '../../shared/rules/presets.js';
import { PRESET_IDS, type PresetId, type SettingsInput } from '../../shared/rules/settings.js';
import { viewFor } from '../../shared/views/view.js';
import { type Command, hostMoves, seatMoves } from './support/moves.js';

/** Every role of the tables in one deck: the role game with every ability there is. */
const EVERY_ROLE: Partial<Record<RoleId, number>> = {
  mafia: 1,
  don: 1,
  sheriff: 1,
  patrolman: 1,
  doctor: 1,
  bodyguard: 1,
  lover: 1,
  maniac: 1,
  mason: 2,
  yakuza: 2,
  jester: 1,
  werewolf: 1,
};

const legal = (s: GameState, actor: Actor, raw: Command, now: number) => {
  const parsed = parseCommand(raw);
  return parsed.ok && decide(s, parsed.command, { actor, now }).ok;
};

const game = fc.record({
  // The role game deals every role there is, so it comes up most often.
  preset: fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom<PresetId>(...PRESET_IDS) },
    { weight: 2, arbitrary: fc.constant<PresetId>('roleGame') },
  ),
  master: fc.constantFrom('auto' as const, 'narrator' as const, 'moderator' as const),
  extra: fc.nat(3),
  seed: fc.integer(),
  jesterEndsGame: fc.boolean(),
  checkMode: fc.constantFrom('result' as const, 'attackWhenFound' as const, 'alwaysAttack' as const),
  doctorStops: fc.constantFrom('one' as const, 'all' as const),
  bodyguardDies: fc.boolean(),
  choices: fc.array(fc.nat(), { minLength: 200, maxLength: 400 }),
});
type Game = typeof game extends fc.Arbitrary<infer T> ? T : never;

/** Seats that could not act: out of the game before the command. */
function actorsOf(events: GameEvent[]): Seat[] {
  return events.flatMap((e) => {
    if (e.type === 'actionTaken') return [e.action.seat];
    if (e.type === 'voteCast' || e.type === 'teamKnown') return [e.seat];
    if (e.type === 'nominated') return [e.by];
    return [];
  });
}

/** The rules' own word on a decided winner, checked against the seats alive when it was decided (C14–C18). */
function checkWinner(s: GameState, winner: string, before: GameState): void {
  const alive = s.alive;
  const side = (team: string) => alive.filter((seat) => sideNow(s, seat) === team).length;
  const threats = alive.filter((seat) => TEAMS[teamOf(s, seat) ?? 'town'].threat);
  switch (winner) {
    case 'town':
      expect(threats).toEqual([]);
      break;
    case 'mafia':
    case 'yakuza':
      expect(side(winner) * 2).toBeGreaterThanOrEqual(alive.length);
      break;
    case 'maniac':
      expect(side('maniac')).toBeGreaterThan(0);
      expect(alive.length).toBeLessThanOrEqual(2);
      break;
    case 'jester':
      expect(s.eliminated.at(-1)).toMatchObject({ how: 'vote' });
      expect(ROLES[s.roles[s.eliminated.at(-1)!.seat]].team).toBe('jester');
      break;
    case 'draw': {
      const gangs = ['mafia', 'yakuza'].filter((team) => side(team) > 0);
      const quiet = s.settings.drawAfterQuietRounds > 0;
      const allTied = before.ballot !== null;
      const equalGangs = gangs.length === 2 && side('mafia') === side('yakuza');
      expect(alive.length === 0 || quiet || allTied || equalGangs).toBe(true);
      break;
    }
    default:
      throw new Error(`unknown winner ${winner}`);
  }
}

/** A seat sees another's role only if it is his own, his group's, revealed, or the game is over. */
function checkViews(s: GameState): void {
  for (const viewer of Object.keys(s.names).map(Number)) {
    const view = viewFor(s, { kind: 'seat', seat: viewer });
    expect(view.host).toBeNull();
    const mine = s.roles[viewer] ? ROLES[s.roles[viewer]].meets : null;
    for (const sv of view.seats) {
      if (sv.role === null || sv.seat === viewer) continue;
      const revealed = s.phase.kind === 'over' || (s.settings.revealRoles && !s.alive.includes(sv.seat));
      const met = mine !== null && ROLES[s.roles[sv.seat]].meets === mine;
      expect(revealed || met, `seat ${viewer} sees seat ${sv.seat}'s role`).toBe(true);
    }
  }
}

function play(g: Game, visit: (before: GameState, after: GameState, events: GameEvent[]) => void): Table {
  const t = new Table();
  const preset = PRESETS[g.preset];
  const roles = g.preset === 'roleGame' ? EVERY_ROLE : {};
  const deck = Object.values(roles).reduce((a, b) => a + (b ?? 0), 0);
  const players = Math.min(Math.max(preset.minPlayers, deck) + g.extra, preset.maxPlayers);
  const settings: SettingsInput = {
    preset: g.preset,
    master: g.master,
    roles,
    dealing: 'random',
    jesterEndsGame: g.jesterEndsGame,
    checkMode: g.checkMode,
    doctorStops: g.doctorStops,
    bodyguardDies: g.bodyguardDies,
  };
  expect(t.create(settings)).toBeNull();
  for (let i = 1; i <= players; i++) t.join(`P${i}`);
  expect(t.command('host', { type: 'start' }, g.seed)).toBeNull();
  for (const c of g.choices) {
    if (t.state.phase.kind === 'over') break;
    const before = t.state;
    const logged = t.log.length;
    if (c % 7 === 0 && t.jump()) {
      visit(before, t.state, t.log.slice(logged).flat());
      continue;
    }
    const moderated = t.state.settings.master === 'moderator';
    let actor: Actor = 'host';
    let options: Command[];
    if (c % 7 === 1) {
      options = hostMoves(t.state);
    } else {
      const seats = Object.keys(t.state.names).map(Number);
      const seat = seats[(c >> 3) % seats.length];
      actor = moderated ? 'host' : seat;
      options = seatMoves(t.state, seat).map((m) => (moderated ? { ...m, as: seat } : m));
    }
    options = options.filter((m) => legal(t.state, actor, m, t.now));
    if (options.length === 0) continue;
    expect(t.send(actor, options[(c >> 5) % options.length])).toBeNull();
    visit(before, t.state, t.log.slice(logged).flat());
  }
  return t;
}

describe('random games of every preset with every ability', () => {
  it('nobody acts out of the game, no view leaks a role, and the winner is the one the rules give', () => {
    const used = new Set<string>();
    let over = 0;
    fc.assert(
      fc.property(game, (g) => {
        const t = play(g, (before, after, events) => {
          for (const seat of actorsOf(events))
            expect(before.alive, `seat ${seat} acted out of the game`).toContain(seat);
          for (const e of events) if (e.type === 'actionTaken') used.add(e.action.ability);
          const decided = events.find((e) => e.type === 'winDecided');
          if (decided && decided.type === 'winDecided') checkWinner(after, decided.winner, before);
          checkViews(after);
        });
        if (t.state.phase.kind === 'over') over++;
      }),
      { numRuns: 20, seed: 20261201 },
    );
    expect([...used].sort()).toEqual([...new Set(Object.values(ABILITIES).map((a) => a.verb))].sort());
    expect(over).toBeGreaterThan(5);
  }, 120_000);
});
