import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Actor, Seat } from '../../shared/domain/vocabulary.js';
import { seatsOf } from '../../shared/engine/checks.js';
import type { Command } from '../../shared/engine/commands.js';
import { decide } from '../../shared/engine/decide.js';
import { evolve } from '../../shared/engine/evolve.js';
import { type May, type MayCommand, mayOf } from '../../shared/engine/may.js';
import { type GameState, initialState } from '../../shared/engine/state.js';
import { PURCHASES } from '../../shared/forum/purse.js';
import { FORUM_ABILITY_IDS } from '../../shared/forum/roles.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { ROLE_IDS, VERBS } from '../../shared/roles/index.js';
import { PRESETS } from '../../shared/rules/presets.js';
import { givenGame, until } from '../support/game.js';

const dir = join(import.meta.dirname, '..', 'scenarios');

/** Every state a scenario's game went through, folded event by event, with the time it was reached. */
function statesOf(file: string): Array<{ s: GameState; at: number }> {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`);
  const states: Array<{ s: GameState; at: number }> = [];
  let s = initialState;
  for (const played of runScenario(parsed.scenario).table.played) {
    for (const event of played.events) s = evolve(s, event);
    states.push({ s, at: played.at });
  }
  return states;
}

type Raw = Record<string, unknown> & { type: string };

/** A name nobody at the table has. */
const newName = (s: GameState) => `Newcomer ${Object.keys(s.names).length + 1}`;

/** The seats a candidate may name: everyone at the table and one seat past it (in the lobby, every seat). */
const seatRange = (s: GameState): Seat[] => {
  const top =
    s.phase.kind === 'lobby' ? PRESETS[s.settings.preset].maxPlayers : Math.max(0, ...seatsOf(s)) + 1;
  return Array.from({ length: top }, (_, i) => i + 1);
};

/** Every command type × every seat as its target × the channels × the choices (and items, abilities, roles). */
function candidates(s: GameState): Raw[] {
  const seats = seatRange(s);
  const bySeat = (type: string, field: string, rest: Record<string, unknown> = {}) =>
    seats.map((seat) => ({ type, [field]: seat, ...rest }));
  const [min, max] = s.settings.extraPointsRange;
  return [
    ...[
      'leave',
      'start',
      'knowTeam',
      'train',
      'withdraw',
      'endSpeech',
      'readyToVote',
      'endDiscussion',
      'unvote',
      'giveUp',
      'advance',
      'pauseClock',
      'unpauseClock',
      'undo',
    ].map((type) => ({ type })),
    { type: 'configure', settings: {} },
    { type: 'seatPlayer', name: newName(s) },
    { type: 'extendClock', seconds: 30 },
    { type: 'mafiaMic', on: true },
    { type: 'mafiaMic', on: false },
    { type: 'recordShot', target: null },
    { type: 'timeUp', deadlineId: s.deadline?.id ?? 'none' },
    ...bySeat('takeSeat', 'seat'),
    ...bySeat('seatPlayer', 'seat', { name: newName(s) }),
    ...bySeat('removeSeat', 'seat'),
    ...seats.map((seat) => ({ type: 'renameSeat', seat, name: s.names[seat] ?? newName(s) })),
    ...seats.flatMap((seat) => seats.map((to) => ({ type: 'moveSeat', seat, to }))),
    ...seats.flatMap((seat) => ROLE_IDS.map((role) => ({ type: 'assignRole', seat, role }))),
    ...seats.map((card) => ({ type: 'pickCard', card })),
    ...[...VERBS, ...FORUM_ABILITY_IDS].flatMap((ability) => [
      { type: 'act', ability },
      ...bySeat('act', 'target', { ability }),
    ]),
    ...PURCHASES.flatMap((item) => [
      { type: 'buy', item },
      { type: 'buy', item, withMove: true },
      { type: 'buy', item, withVote: true },
    ]),
    ...['table', 'mafia', 'dead'].map((channel) => ({ type: 'say', channel, text: 'hello' })),
    ...bySeat('nominate', 'target'),
    ...bySeat('vote', 'target'),
    { type: 'vote', choice: 'leave' },
    { type: 'vote', choice: 'stay' },
    ...seats.flatMap((seat) => {
      const others = seatsOf(s)
        .filter((x) => x !== seat)
        .slice(0, 2);
      return others.length === 2 ? [{ type: 'bestMove', targets: [seat, ...others] }] : [];
    }),
    ...bySeat('recordShot', 'target'),
    ...bySeat('foul', 'seat'),
    ...bySeat('remark', 'seat'),
    ...bySeat('disqualify', 'seat', { reason: '' }),
    ...bySeat('extraPoints', 'seat', { points: min }),
    ...bySeat('extraPoints', 'seat', { points: max }),
  ];
}

/** The concrete commands one entry of `may` stands for. */
function expand(s: GameState, m: MayCommand): Raw[] {
  const { type } = m;
  const targets = m.targets ?? [];
  const onSeats = (field: string, rest: Record<string, unknown> = {}) =>
    targets.map((seat) => ({ type, [field]: seat, ...rest }));
  switch (type) {
    case 'act':
      return m.names?.max === 0 ? [{ type, ability: m.ability }] : onSeats('target', { ability: m.ability });
    case 'nominate':
      return onSeats('target');
    case 'vote':
      return [...onSeats('target'), ...(m.choices ?? []).map((choice) => ({ type, choice }))];
    case 'recordShot':
      return [...onSeats('target'), ...(m.miss ? [{ type, target: null }] : [])];
    case 'say':
      return (m.channels ?? []).map((channel) => ({ type, channel, text: 'hello' }));
    case 'mafiaMic':
      return [
        { type, on: true },
        { type, on: false },
      ];
    case 'buy':
      return [
        ...(m.items ?? []).map((item) => ({ type, item })),
        ...(m.withMove ?? []).map((item) => ({ type, item, withMove: true })),
        ...(m.withVote ?? []).map((item) => ({ type, item, withVote: true })),
      ];
    case 'pickCard':
      return (m.cards ?? []).map((card) => ({ type, card }));
    case 'bestMove':
      return targets.map((seat) => ({
        type,
        targets: [
          seat,
          ...seatsOf(s)
            .filter((x) => x !== seat)
            .slice(0, 2),
        ],
      }));
    case 'seatPlayer':
      return [{ type, name: newName(s) }, ...onSeats('seat', { name: newName(s) })];
    case 'renameSeat':
      return targets.map((seat) => ({ type, seat, name: s.names[seat] }));
    case 'moveSeat':
      return targets.flatMap((seat) => (m.to ?? []).map((to) => ({ type, seat, to })));
    case 'assignRole':
      return targets.flatMap((seat) => (m.roles ?? []).map((role) => ({ type, seat, role })));
    case 'extraPoints':
      return [...onSeats('seat', { points: m.points?.min }), ...onSeats('seat', { points: m.points?.max })];
    case 'disqualify':
      return onSeats('seat', { reason: '' });
    case 'takeSeat':
    case 'removeSeat':
    case 'foul':
    case 'remark':
      return onSeats('seat');
    case 'configure':
      return [{ type, settings: {} }];
    case 'extendClock':
      return [{ type, seconds: 30 }];
    default:
      return [{ type }];
  }
}

const keyOf = (c: Raw, as?: Seat) => JSON.stringify(as === undefined ? c : { ...c, as });

interface Viewpoint {
  actor: Extract<Actor, Seat | 'host'>;
  /** The seat the host records moves for in moderator mode. */
  as?: Seat;
}

function viewpointsOf(s: GameState): Viewpoint[] {
  const seats = seatsOf(s);
  return [
    { actor: 'host' },
    ...seats.map((seat): Viewpoint => ({ actor: seat })),
    ...(s.settings.master === 'moderator' ? seats.map((as): Viewpoint => ({ actor: 'host', as })) : []),
  ];
}

/** What `decide` says to one command from this viewpoint, at the state's own time. */
const verdict = (s: GameState, at: number, v: Viewpoint, c: Raw) =>
  decide(s, (v.as === undefined ? c : { ...c, as: v.as }) as Command, { actor: v.actor, now: at, seed: 1 });

/** The entries of `may` for one viewpoint: the host's own, or the ones he records `as` a seat. */
const entriesFor = (may: May, v: Viewpoint) => may.filter((m) => m.as === v.as);

const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('may: what the view offers is exactly what decide takes', () => {
  for (const file of files) {
    it(`${file}: at every state, for every seat and the host, each command offered is taken and each command taken is offered`, () => {
      for (const [i, { s, at }] of statesOf(file).entries()) {
        const mays = new Map<Viewpoint['actor'], May>();
        for (const v of viewpointsOf(s)) {
          if (!mays.has(v.actor)) mays.set(v.actor, mayOf(s, v.actor));
          const entries = entriesFor(mays.get(v.actor) ?? [], v);
          const where = `${file} state ${i} (${s.phase.id}/${s.phase.stage}), ${v.as === undefined ? v.actor : `host as ${v.as}`}`;
          // given the view's offers, when each is sent, then decide takes it
          const offered = new Set<string>();
          for (const entry of entries) {
            for (const c of expand(s, entry)) {
              offered.add(keyOf(c));
              const d = verdict(s, at, v, c);
              expect(d.ok ? 'taken' : d.rejection, `${where}: offered ${keyOf(c)}`).toBe('taken');
            }
          }
          // given every candidate command, when decide takes it, then the view offered it
          for (const c of candidates(s)) {
            if (verdict(s, at, v, c).ok)
              expect(offered.has(keyOf(c)), `${where}: taken but not offered ${keyOf(c)}`).toBe(true);
          }
        }
      }
    });
  }
});

describe('may shows a seat nothing of the roles he may not know', () => {
  it('A4, B7: the Sheriff is offered the same checks whoever the mafia is', () => {
    // given two deals that differ only in which civilians are the mafia
    const sheriffOffers = (mafia: number[]) => {
      const t = givenGame({ preset: 'online', master: 'auto' }, 7, {
        3: 'sheriff',
        ...Object.fromEntries(mafia.map((seat) => [seat, 'mafia' as const])),
      });
      until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
      return mayOf(t.state, 3).filter((m) => m.type === 'act');
    };
    // when the Sheriff's phone is told what he may do tonight, then it is the same list for both
    const one = sheriffOffers([1, 2]);
    expect(one).toEqual([
      { type: 'act', ability: 'check', targets: [1, 2, 3, 4, 5, 6, 7], names: { min: 1, max: 1 } },
    ]);
    expect(sheriffOffers([5, 6])).toEqual(one);
  });
});
