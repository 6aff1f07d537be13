import { describe, expect, it } from 'vitest';
import { buildSheet } from '../../shared/audit/sheet.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, refused, result, unchangedBy } from '../support/game.js';

const timers = { intro: 60, speech: 60, defence: 30, vote: 20, lastWord: 60, lastWordNight: 60 };
/** Blacks: mafia 2 and 5, the Don 9; the Sheriff 3; the rest civilians. */
const DEAL = { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' } as const;

/** A sport table run by its judge (the `moderator` master), at day 1's first speech. */
function judgedDay1() {
  const t = givenGame({ preset: 'sport', timers }, 10, DEAL);
  does(t, 'host', { type: 'advance' });
  expect(result(t).phase).toMatchObject({ kind: 'day', round: 1, stage: 'speech' });
  return t;
}

const hostView = (t: ReturnType<typeof judgedDay1>) => viewFor(t.state, { kind: 'host' });

describe('the judge takes back his last action (sport fouls and removals)', () => {
  it('the 4th foul removes the player and cancels the vote (sport-rules "Fouls"); undo brings both back', () => {
    const t = judgedDay1();
    does(t, 'host', { type: 'nominate', target: 7, as: 1 });
    for (let i = 0; i < 3; i++) does(t, 'host', { type: 'foul', seat: 8 });
    const before = t.state;
    does(t, 'host', { type: 'foul', seat: 8 });
    expect(result(t).eliminated).toEqual([{ seat: 8, how: 'fouls', round: 1 }]);
    expect(t.state.day?.voteCancelled).toBe(true);
    expect(hostView(t).host?.undo).toEqual({ kind: 'foul', seat: 8 });

    does(t, 'host', { type: 'undo' });
    expect(t.state.alive).toContain(8);
    expect(t.state.fouls[8]).toBe(3);
    expect(t.state.eliminated).toEqual([]);
    expect(t.state.day).toEqual(before.day);
    expect(t.state.phase).toEqual(before.phase);
    // The nomination recorded before the fouls is still there, and undo takes it back next.
    expect(t.state.day?.nominations).toEqual([{ by: 1, target: 7 }]);
    does(t, 'host', { type: 'undo' });
    expect(t.state.day?.nominations).toEqual([]);
    refused(
      unchangedBy(t, () => t.send('host', { type: 'undo' })),
      'nothing_to_undo',
    );
  });

  it('a disqualification of the speaker that ended his speech is undone with the step it started', () => {
    const t = judgedDay1();
    expect(t.state.speaker).toBe(1);
    does(t, 'host', { type: 'disqualify', seat: 1, reason: 'insults' });
    expect(result(t)).toMatchObject({ speaker: 2, eliminated: [{ seat: 1, how: 'disqualified' }] });
    const step = t.state.step;
    does(t, 'host', { type: 'undo' });
    expect(result(t)).toMatchObject({ speaker: 1, eliminated: [] });
    expect(t.state.disqualifications).toEqual([]);
    // Step ids never repeat: the next step counts on from the one the removal had started.
    does(t, 'host', { type: 'advance' });
    expect(t.state.step).toBe(step + 1);
    expect(t.state.phase.id).toBe(`d1.speech.${step + 1}`);
  });

  it('once anything else happens the judge action is no longer the last one', () => {
    const t = judgedDay1();
    does(t, 'host', { type: 'foul', seat: 4 });
    does(t, 'host', { type: 'advance' });
    expect(hostView(t).host?.undo).toBeNull();
    refused(
      unchangedBy(t, () => t.send('host', { type: 'undo' })),
      'nothing_to_undo',
    );
    expect(t.state.fouls[4]).toBe(1);
  });

  it('a remark is undone too; a removal that ends the game is final', () => {
    const t = judgedDay1();
    does(t, 'host', { type: 'remark', seat: 6 });
    does(t, 'host', { type: 'undo' });
    expect(t.state.remarks[6]).toBeUndefined();
    for (const seat of [1, 4, 6, 7]) does(t, 'host', { type: 'disqualify', seat, reason: 'test' });
    expect(result(t)).toMatchObject({ over: true, winner: 'mafia' });
    refused(
      unchangedBy(t, () => t.send('host', { type: 'undo' })),
      'game_over',
    );
  });

  it("the desk is told what undo takes back: the judge action first, then the phase's last move", () => {
    const t = judgedDay1();
    expect(hostView(t).host?.undo).toBeNull();
    does(t, 'host', { type: 'nominate', target: 7, as: 1 });
    expect(hostView(t).host?.undo).toEqual({ kind: 'nomination', target: 7 });
    does(t, 'host', { type: 'remark', seat: 6 });
    expect(hostView(t).host?.undo).toEqual({ kind: 'remark', seat: 6 });
    does(t, 'host', { type: 'undo' });
    does(t, 'host', { type: 'disqualify', seat: 4, reason: 'insults' });
    expect(hostView(t).host?.undo).toEqual({ kind: 'disqualification', seat: 4 });
    does(t, 'host', { type: 'undo' });
    expect(hostView(t).host?.undo).toEqual({ kind: 'nomination', target: 7 });
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'nominate', target: 8, as: 2 });
    while (!t.state.ballot) does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'vote', target: 7, as: 3 });
    expect(hostView(t).host?.undo).toEqual({ kind: 'vote', seat: 3 });
    while (t.state.phase.kind === 'day') does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'recordShot', target: 6 });
    expect(hostView(t).host?.undo).toEqual({ kind: 'shot', target: 6 });
    does(t, 'host', { type: 'undo' });
    does(t, 'host', { type: 'recordShot', target: null });
    expect(hostView(t).host?.undo).toEqual({ kind: 'shot', target: null });
    while (t.state.wake !== 'don') does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'act', ability: 'check', target: 3, as: 9 });
    expect(hostView(t).host?.undo).toEqual({ kind: 'act', ability: 'check', seat: 9, target: 3 });
  });

  it('only the judge undoes, and only at a table he records', () => {
    const t = judgedDay1();
    does(t, 'host', { type: 'foul', seat: 4 });
    refused(
      unchangedBy(t, () => t.send(4, { type: 'undo' })),
      'host_only',
    );
    const auto = givenGame({ preset: 'sport', master: 'auto', timers }, 10, DEAL);
    auto.jump();
    does(auto, 'host', { type: 'foul', seat: 4 });
    refused(
      unchangedBy(auto, () => auto.send('host', { type: 'undo' })),
      'not_allowed',
    );
  });
});

describe('the judge records the best move (sport-rules "Best move", C7)', () => {
  it("the night-1 victim's three seats, recorded by the judge during his last word, reach the sheet", () => {
    const t = judgedDay1();
    while (t.state.phase.kind === 'day') does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'recordShot', target: 6 });
    while (t.state.phase.kind === 'night') does(t, 'host', { type: 'advance' });
    expect(result(t)).toMatchObject({ phase: { kind: 'day', round: 2, stage: 'lastWord' }, speaker: 6 });
    expect(hostView(t).bestMove).toEqual({ seat: 6, targets: null, open: true });
    refused(
      unchangedBy(t, () => t.send('host', { type: 'bestMove', targets: [2, 5, 9], as: 4 })),
      'not_allowed',
    );
    does(t, 'host', { type: 'bestMove', targets: [9, 5, 2], as: 6 });
    expect(buildSheet(t.state).bestMove).toMatchObject({ seat: 6, targets: [2, 5, 9], blacks: 3 });
  });
});
