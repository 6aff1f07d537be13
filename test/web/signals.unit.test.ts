import { describe, expect, it } from 'vitest';
import { Table } from '../../shared/play/table.js';
import type { GameView } from '../../shared/views/types.js';
import { CLOCK_CUE_MS, clockCue, signalsOf } from '../../web/src/logic/signals.js';
import { hostView, must, seatView, tableOf, until } from './support/views.js';

const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, lastWordNight: 10 };
/** Seven players: mafia 1, Don 2, Sheriff 3, civilians 4–7. */
const seven = () => tableOf(7, { 1: 'mafia', 2: 'don', 3: 'sheriff' }, { timers });

/** Each seat's view before and after a move, and the signals that change fires on that seat's phone. */
function firedBy(t: ReturnType<typeof seven>, move: () => void, seats = [1, 2, 3, 4, 5, 6, 7]) {
  const before = new Map(seats.map((s) => [s, seatView(t, s)]));
  move();
  return new Map(seats.map((s) => [s, signalsOf(before.get(s) as GameView, seatView(t, s))]));
}

describe('which view change fires which signal', () => {
  it('fires nothing for the first view a phone receives (a reload tells what already was)', () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'night');
    expect(signalsOf(null, seatView(t, 1))).toEqual([]);
  });

  it('night falls for everyone at the deal; the mafia meeting on the introduction night is its turn (A8)', () => {
    // given seven players in the lobby, roles assigned by hand
    const t = new Table();
    must(t.create({ preset: 'online', timers, dealing: 'manual' }));
    for (let i = 1; i <= 7; i++) must(t.join(`P${i}`));
    must(t.command('host', { type: 'assignRole', seat: 1, role: 'mafia' }));
    must(t.command('host', { type: 'assignRole', seat: 2, role: 'don' }));
    const lobby = [seatView(t, 1), seatView(t, 4)];
    // when the host starts the game
    must(t.command('host', { type: 'start' }));
    // then the town hears night fall, the mafia its meeting too
    expect(signalsOf(lobby[1], seatView(t, 4))).toEqual(['night']);
    expect(signalsOf(lobby[0], seatView(t, 1))).toEqual(['turn', 'night']);
  });

  it('a night action to take is your turn; a night with nothing to do is only night', () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    const fired = firedBy(t, () => until(t, (v) => v.phase.kind === 'night' && v.phase.round === 1));
    expect(fired.get(1)).toEqual(['turn', 'night']);
    expect(fired.get(3)).toEqual(['turn', 'night']);
    expect(fired.get(5)).toEqual(['night']);
  });

  it("the ballot opening is each living voter's turn; a vote against you signals, a vote for another does not", () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.send(4, { type: 'nominate', target: 1 }));
    must(t.send(1, { type: 'nominate', target: 4 }));
    const opened = firedBy(t, () => until(t, (v) => v.phase.stage === 'vote'));
    for (const seat of [1, 2, 3, 4, 5, 6, 7]) expect(opened.get(seat)).toEqual(['turn']);
    const voted = firedBy(t, () => must(t.send(5, { type: 'vote', target: 1 })));
    expect(voted.get(1)).toEqual(['voted']);
    expect(voted.get(4)).toEqual([]);
    // the voter's turn is over: nothing fires for him
    expect(voted.get(5)).toEqual([]);
  });

  it('holding the floor is your turn: the last word of the one voted out', () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.send(4, { type: 'nominate', target: 1 }));
    must(t.send(1, { type: 'nominate', target: 4 }));
    until(t, (v) => v.phase.stage === 'vote');
    for (const seat of [2, 3, 4, 5, 6, 7]) must(t.send(seat, { type: 'vote', target: 1 }));
    const fired = firedBy(t, () => must(t.send(1, { type: 'vote', target: 4 })), [1, 5]);
    expect(hostView(t).phase.stage).toBe('lastWord');
    expect(fired.get(1)).toEqual(['turn']);
    expect(fired.get(5)).toEqual([]);
  });
});

describe("the judge's 10-second cue", () => {
  it("is the running clock's id for the host once 10 s or less are left, never for a player", () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    const host = hostView(t);
    const at = host.clock?.at as number;
    const seen = at - 60_000;
    expect(clockCue(host, at - CLOCK_CUE_MS - 1, seen)).toBeNull();
    expect(clockCue(host, at - CLOCK_CUE_MS, seen)).toBe(host.clock?.id);
    expect(clockCue(host, at - 1, seen)).toBe(host.clock?.id);
    expect(clockCue(host, at, seen)).toBeNull();
    expect(clockCue(seatView(t, 4), at - 1, seen)).toBeNull();
  });

  it("counts on the phone's own time too: a phone whose clock runs a minute behind the server's cues on time", () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    const host = hostView(t);
    // the phone saw the 60-second clock start at its own 1000; its clock is 60 s behind the server's
    const seen = 1000;
    expect(clockCue(host, seen + 49_000, seen)).toBeNull();
    expect(clockCue(host, seen + 51_000, seen)).toBe(host.clock?.id);
  });

  it('stays silent while the clock is paused, and for a step shorter than the cue', () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    const at = hostView(t).clock?.at as number;
    must(t.send('host', { type: 'pauseClock' }));
    expect(clockCue(hostView(t), at - 1, at - 60_000)).toBeNull();
    const short = tableOf(7, { 1: 'mafia', 2: 'don' }, { timers: { ...timers, discussion: 8 } });
    until(short, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    const view = hostView(short);
    expect(clockCue(view, (view.clock?.at as number) - 1, (view.clock?.at as number) - 8000)).toBeNull();
  });
});
