import { describe, expect, it } from 'vitest';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, result, seatView, until } from '../support/game.js';

/** Seven online players: the mafioso 1 and the Don 2; the Sheriff 3; the rest civilians. */
const DEAL = { 1: 'mafia', 2: 'don', 3: 'sheriff' } as const;

/** Given: the introduction night's chat, a quiet day 1, and night 1 — seat 4 shot, both checks made. */
function afterNight1(extra: Record<string, unknown> = {}) {
  const t = givenGame({ preset: 'online', ...extra }, 7, DEAL);
  does(t, 1, { type: 'say', channel: 'mafia', text: 'I take the first shot' });
  until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
  does(t, 1, { type: 'say', channel: 'mafia', text: 'Four tonight' });
  for (const mafioso of [1, 2]) does(t, mafioso, { type: 'act', ability: 'shoot', target: 4 });
  does(t, 2, { type: 'act', ability: 'check', target: 3 });
  does(t, 3, { type: 'act', ability: 'check', target: 1 });
  expect(result(t).phase).toMatchObject({ kind: 'day', round: 2 });
  return t;
}

describe('the game-over story', () => {
  it('tells every player, once the game is over, each night: shots, checks with answers, deaths, the mafia chat', () => {
    const t = afterNight1();
    expect(seatView(t, 5).story).toBeNull();
    for (const seat of [5, 6]) does(t, 'host', { type: 'disqualify', seat, reason: 'left the table' });
    // The shot player's last word still comes before the result (sport-rules "End", A2).
    until(t, { over: true, winner: 'mafia' });

    const story = seatView(t, 7).story;
    expect(story).toEqual(viewFor(t.state, { kind: 'spectator' }).story);
    expect(story?.map((c) => `${c.kind} ${c.round}`)).toEqual(['night 0', 'night 1', 'day 2']);
    const [intro, night1, day2] = story ?? [];
    expect(intro).toMatchObject({ kind: 'night', round: 0, actions: [] });
    expect(intro.kind === 'night' && intro.chat.map((m) => m.text)).toEqual(['I take the first shot']);
    expect(night1).toMatchObject({
      kind: 'night',
      round: 1,
      actions: [
        { seat: 1, ability: 'shoot', target: 4 },
        { seat: 2, ability: 'shoot', target: 4 },
        { seat: 2, ability: 'check', target: 3, result: 'sheriff' },
        { seat: 3, ability: 'check', target: 1, result: 'black' },
      ],
      deaths: [{ seat: 4, how: 'shot' }],
      chat: [{ seat: 1, text: 'Four tonight' }],
    });
    expect(day2).toMatchObject({
      kind: 'day',
      round: 2,
      left: [
        { seat: 5, how: 'disqualified' },
        { seat: 6, how: 'disqualified' },
      ],
    });
  });
});

describe("a check's answer in the morning (C5)", () => {
  it("stays in its owner's view by day, though his check ended the night, and in nobody else's", () => {
    const t = afterNight1();
    expect(seatView(t, 3).you?.checks).toEqual([{ round: 1, target: 1, result: 'black' }]);
    expect(seatView(t, 2).you?.checks).toEqual([{ round: 1, target: 3, result: 'sheriff' }]);
    for (const seat of [1, 4, 5]) expect(seatView(t, seat).you?.checks).toEqual([]);
    expect(viewFor(t.state, { kind: 'spectator' }).you).toBeNull();
  });
});

describe('a result decided during a last word (sport-rules "End", A2)', () => {
  it('is announced when that last word ends, not after the rest of the day', () => {
    const t = afterNight1();
    expect(result(t)).toMatchObject({ phase: { stage: 'lastWord' }, speaker: 4 });
    for (const seat of [5, 6]) does(t, 'host', { type: 'disqualify', seat, reason: 'left the table' });
    expect(result(t)).toMatchObject({ over: false, speaker: 4 });
    does(t, 4, { type: 'endSpeech' });
    expect(result(t)).toMatchObject({ over: true, winner: 'mafia' });
  });
});

describe('the setting "players who are out see every role" (C23, B3)', () => {
  it('off by default: a player shot at night still knows only his own role', () => {
    const t = afterNight1();
    expect(t.state.settings.deadSeeRoles).toBe(false);
    const roles = seatView(t, 4).seats.filter((s) => s.role !== null);
    expect(roles.map((s) => s.seat)).toEqual([4]);
  });

  it('on: the dead see every role, the living still only theirs, and nobody before he is out', () => {
    const t = afterNight1({ deadSeeRoles: true });
    expect(seatView(t, 4).seats.map((s) => s.role)).toEqual([
      'mafia',
      'don',
      'sheriff',
      'civilian',
      'civilian',
      'civilian',
      'civilian',
    ]);
    expect(
      seatView(t, 3)
        .seats.filter((s) => s.role !== null)
        .map((s) => s.seat),
    ).toEqual([3]);
    expect(
      seatView(t, 5)
        .seats.filter((s) => s.role !== null)
        .map((s) => s.seat),
    ).toEqual([5]);
  });
});
