import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evolve } from '../../shared/engine/evolve.js';
import { type GameState, initialState } from '../../shared/engine/state.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import type { Table } from '../../shared/play/table.js';
import { PRESET_IDS, type PresetId } from '../../shared/rules/settings.js';
import type { GameView, Viewer } from '../../shared/views/types.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, until } from '../support/game.js';

const dir = join(import.meta.dirname, '..', 'scenarios');

/** Every state a scenario's game went through, one per accepted command, from its creation to its end. */
function statesOf(file: string): GameState[] {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`);
  const states: GameState[] = [];
  let s = initialState;
  for (const played of runScenario(parsed.scenario).table.played) {
    for (const event of played.events) s = evolve(s, event);
    states.push(s);
  }
  return states;
}

const scenarios = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, states: statesOf(file) }));

/**
 * A night full of secrets at a table of each preset the players run themselves: the mafia's words before
 * and during night 1, its shot, the checks, and the word of a player who is out — each marked SECRET.
 */
function secretNight(preset: PresetId): GameState[] {
  const t = givenGame({ preset, master: 'auto', chat: true }, 10, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
  const states: GameState[] = [t.state];
  const send = (by: number, command: Record<string, unknown>) => {
    t.send(by, command);
    states.push(t.state);
  };
  const jumpUntil = (done: (t: Table) => boolean) => {
    for (let i = 0; i < 200 && !done(t) && t.jump(); i++) states.push(t.state);
  };
  send(1, { type: 'say', channel: 'mafia', text: 'SECRET plan at the meeting' });
  jumpUntil((x) => x.state.phase.kind === 'night' && x.state.phase.round === 1);
  send(2, { type: 'say', channel: 'mafia', text: 'SECRET: four tonight' });
  for (const mafioso of [1, 2]) send(mafioso, { type: 'act', ability: 'shoot', target: 4 });
  send(2, { type: 'act', ability: 'check', target: 3 });
  send(3, { type: 'act', ability: 'check', target: 1 });
  jumpUntil((x) => x.state.phase.kind === 'day' && x.state.phase.round === 2);
  send(4, { type: 'say', channel: 'dead', text: 'SECRET from the dead' });
  jumpUntil((x) => x.state.phase.kind === 'over');
  return states;
}

const spectator = (s: GameState) => viewFor(s, { kind: 'spectator' });

/** A living civilian: he knows no more of the others than the town does. */
const townsman = (s: GameState) =>
  Object.keys(s.roles)
    .map(Number)
    .find((seat) => s.roles[seat] === 'civilian' && s.alive.includes(seat));

/**
 * What a townsman's view tells of the table, without what is his alone: his card and his moves, and the
 * channels he reads as a player (the dead's, once he is out). The forum's purse and moves are his too.
 */
function publicPartOf(view: GameView, s: GameState): GameView {
  const seat = view.seat;
  const revealed = (at: number) =>
    s.phase.kind === 'over' || (s.settings.revealRoles && s.eliminated.some((e) => e.seat === at));
  return {
    ...view,
    viewer: 'spectator',
    seat: null,
    you: null,
    // What a player may send is his own; a spectator sends nothing.
    may: [],
    rematch: null,
    seats: view.seats.map((x) =>
      x.seat === seat && !revealed(x.seat) ? { ...x, role: null, team: null } : x,
    ),
    chat: view.chat.filter((c) => s.phase.kind === 'over' || c === 'table'),
    forum: view.forum && {
      ...view.forum,
      purse: null,
      done: null,
      knocks: [],
      reports: [],
    },
  };
}

describe('the spectator view is a whitelist of public facts', () => {
  for (const preset of PRESET_IDS.filter((p) => p !== 'forum')) {
    it(`${preset}: the mafia's words, its shot, the checks and the dead's words stay out of it until the game is over`, () => {
      const states = secretNight(preset);
      expect(states.some((s) => s.chat.some((m) => m.channel === 'mafia'))).toBe(true);
      expect(states.some((s) => s.actions.some((a) => a.ability === 'shoot'))).toBe(true);
      for (const [i, s] of states.entries()) {
        if (s.phase.kind === 'over') continue;
        const v = spectator(s);
        const { settings: _, ...facts } = v;
        expect(JSON.stringify(facts), `step ${i}`).not.toMatch(/SECRET|"result"|"ability"/);
        const revealed = s.settings.revealRoles ? s.eliminated.map((e) => e.seat) : [];
        const known = v.seats.filter((x) => x.role !== null && !revealed.includes(x.seat));
        expect(known, `step ${i}`).toEqual([]);
      }
    });
  }

  it('the scenario files cover every preset', () => {
    const presets = new Set(scenarios.map(({ states }) => states[0].settings.preset));
    expect([...presets].sort()).toEqual([...PRESET_IDS].sort());
  });

  for (const { file, states } of scenarios) {
    it(`${file} (${states[0].settings.preset}): at every step, no role, night move, check, mafia word or sheet before the end`, () => {
      for (const [i, s] of states.entries()) {
        const v = spectator(s);
        const at = `${file} step ${i}`;
        expect(v, at).toMatchObject({
          viewer: 'spectator',
          seat: null,
          you: null,
          host: null,
          rematch: null,
        });
        if (s.phase.kind === 'over') {
          expect(v.story, at).not.toBeNull();
          continue;
        }
        expect({ story: v.story, sheet: v.sheet }, at).toEqual({ story: null, sheet: null });
        const shown = v.seats.filter((x) => x.role !== null).map((x) => x.seat);
        const revealed = s.settings.revealRoles ? s.eliminated.map((e) => e.seat) : [];
        expect(
          shown.filter((seat) => !revealed.includes(seat)),
          at,
        ).toEqual([]);
        expect(
          v.chat.filter((c) => c !== 'table'),
          at,
        ).toEqual([]);
        if (v.forum) {
          expect(v.forum, at).toMatchObject({ purse: null, arsenal: null, purses: null, done: null });
          expect([v.forum.teamOrders, v.forum.knocks, v.forum.reports], at).toEqual([[], [], []]);
        }
      }
    });

    it(`${file}: the spectator sees exactly what a living civilian knows of the table, so he gets a frame only when the town does`, () => {
      for (const [i, s] of states.entries()) {
        const seat = townsman(s);
        if (seat === undefined || s.settings.deadSeeRoles) continue;
        const civilian = viewFor(s, { kind: 'seat', seat });
        expect(spectator(s), `${file} step ${i}, civilian ${seat}`).toEqual(publicPartOf(civilian, s));
      }
    });
  }
});

/** Every viewer the server builds views for at a state: the host, the spectator and each seat taken. */
const viewersOf = (s: GameState): Viewer[] => [
  { kind: 'host' },
  { kind: 'spectator' },
  ...Object.keys(s.names).map((seat): Viewer => ({ kind: 'seat', seat: Number(seat) })),
];

/** A view's JSON, or the error building it threw: the shared parts must change neither. */
function outcomeOf(build: () => GameView): string {
  try {
    return JSON.stringify(build());
  } catch (error) {
    return `threw ${String(error)}`;
  }
}

describe('the parts of a view every viewer shares are built once per state', () => {
  const everyState = [...scenarios.flatMap(({ states }) => states), ...secretNight('online')];

  it('given every state of every scenario, when each viewer is built in turn from it, forwards then backwards, then each view is exactly the one built from a fresh copy of the state', () => {
    for (const [i, s] of everyState.entries()) {
      const viewers = viewersOf(s);
      for (const viewer of [...viewers, ...[...viewers].reverse()]) {
        // a structured copy shares no object with the state, so nothing built for the state is reused
        const fresh = outcomeOf(() => viewFor(structuredClone(s), viewer));
        expect(
          outcomeOf(() => viewFor(s, viewer)),
          `state ${i}, ${JSON.stringify(viewer)}`,
        ).toBe(fresh);
      }
    }
    // Some 50,000 views, each with the viewer's `may`: more than the default time on a busy machine.
  }, 300_000);

  it('given the mafia and a civilian viewing the same night, when the mafioso is built first, then the roles he sees stay in his view and out of the civilian built after him', () => {
    const t = givenGame({ preset: 'online', master: 'auto' }, 10, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    const s = t.state;
    const mafioso = viewFor(s, { kind: 'seat', seat: 1 });
    const civilian = viewFor(s, { kind: 'seat', seat: 4 });
    expect(mafioso.seats.filter((x) => x.role !== null).map((x) => [x.seat, x.role])).toEqual([
      [1, 'mafia'],
      [2, 'don'],
    ]);
    expect(civilian.seats.filter((x) => x.role !== null).map((x) => [x.seat, x.role])).toEqual([
      [4, 'civilian'],
    ]);
    // the rows nobody's role is shown in are one and the same object in both views, and carry no role
    expect(civilian.seats[6]).toBe(mafioso.seats[6]);
    expect(mafioso.seats[6]).toMatchObject({ seat: 7, role: null, team: null });
  });

  it('given a vote after the views of a state were built, when the next state is viewed, then every viewer sees the vote', () => {
    const t = givenGame({ preset: 'online', master: 'auto' }, 10, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
    does(t, 4, { type: 'nominate', target: 1 });
    until(t, { phase: { stage: 'vote' } });
    const before = t.state;
    for (const viewer of viewersOf(before)) viewFor(before, viewer);
    does(t, 5, { type: 'vote', target: 1 });
    for (const viewer of viewersOf(t.state)) {
      const fresh = viewFor(structuredClone(t.state), viewer);
      expect(viewFor(t.state, viewer)).toEqual(fresh);
      expect(JSON.stringify(viewFor(t.state, viewer))).not.toBe(JSON.stringify(viewFor(before, viewer)));
    }
  });
});
