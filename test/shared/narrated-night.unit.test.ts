import { describe, expect, it } from 'vitest';
import { partialMatch } from '../../shared/audit/match.js';
import type { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, result } from '../support/game.js';

/** Moves the game on as the narrator would: at its deadline, or by his `advance` when the step has none. */
function step(t: Table): void {
  if (!t.jump()) does(t, 'host', { type: 'advance' });
}

function until(t: Table, shape: Record<string, unknown>): void {
  for (let i = 0; i < 200 && partialMatch(shape, result(t)) !== null; i++) step(t);
  expect(partialMatch(shape, result(t))).toBeNull();
}

/** The night's steps as a civilian at the table lives them: which phase, and how long it lasts. */
function nightAsLived(t: Table, round: number, civilian: number): string[] {
  const steps: string[] = [];
  until(t, { phase: { kind: 'night', round } });
  for (let i = 0; i < 20 && t.state.phase.kind === 'night'; i++) {
    const view = viewFor(t.state, { kind: 'seat', seat: civilian });
    const deadline = t.nextDeadline();
    steps.push(
      `${view.phase.id.replace(/^n\d+\.(\w+)\.\d+$/, '$1')} ${deadline === null ? '-' : deadline.at - t.now}ms`,
    );
    step(t);
  }
  return steps;
}

describe('a narrated night keeps its shape whoever died (C12, E13)', () => {
  it('given the sheriff shot on night 1, when night 2 comes, then a civilian lives the same wake steps with the same timing', () => {
    const t = givenGame({ preset: 'classic' }, 8, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    const night1 = (() => {
      until(t, { phase: { kind: 'night', round: 1 } });
      does(t, 1, { type: 'act', ability: 'shoot', target: 3 });
      does(t, 2, { type: 'act', ability: 'shoot', target: 3 });
      return nightAsLived(t, 1, 5);
    })();
    expect(t.state.alive).not.toContain(3);
    const night2 = nightAsLived(t, 2, 5);
    expect(night1.length).toBe(3);
    expect(night2).toEqual(night1);
  });

  it('given a wake group with nobody alive, when the narrator reads the script, then the group is called with no seat to wake', () => {
    const t = givenGame({ preset: 'classic' }, 8, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'night', round: 1 } });
    does(t, 1, { type: 'act', ability: 'shoot', target: 3 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 3 });
    until(t, { phase: { kind: 'night', round: 2 } });
    until(t, { phase: { kind: 'night', round: 2, stage: 'wake' } });
    for (let i = 0; i < 5 && t.state.wake !== 'sheriff'; i++) step(t);
    const host = viewFor(t.state, { kind: 'host' }).host;
    expect(host?.script).toEqual([{ wake: 'sheriff', seats: [], ability: 'check', done: false }]);
  });
});
