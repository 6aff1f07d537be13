import { describe, expect, it } from 'vitest';
import { canEndDiscussion, canSayReady, notVoted, verdictOf, voteLines } from '../../web/src/logic/votes.js';
import { hostView, must, seatView, tableOf, until } from './support/views.js';

const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, day: 600 };

describe('open votes on every screen', () => {
  it('B8–B9: under continuous majority everyone sees who votes for whom, and who has not voted', () => {
    // given seven players voting by continuous majority (classic's vote, in an auto room)
    const t = tableOf(7, { 1: 'mafia', 2: 'don' }, { voting: 'majority', timers });
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    // when seats 3 and 4 vote against 1 and seat 1 against 3
    must(t.send(3, { type: 'vote', target: 1 }));
    must(t.send(4, { type: 'vote', target: 1 }));
    must(t.send(1, { type: 'vote', target: 3 }));
    // then a player who has not voted, and the host, see each vote and who is still to vote
    for (const v of [seatView(t, 6), hostView(t)]) {
      expect(voteLines(v)).toEqual([
        { value: 1, voters: [3, 4] },
        { value: 3, voters: [1] },
      ]);
      expect(notVoted(v)).toEqual([2, 5, 6, 7]);
    }
    expect(verdictOf(seatView(t, 6))).toBeNull();
  });

  it('B9: "4 · P4 is voted out (4 of 7)" from the vote through the night that follows', () => {
    const t = tableOf(7, { 1: 'mafia', 2: 'don' }, { voting: 'majority', timers });
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    // when four of seven vote against seat 4: a majority of the living
    for (const seat of [1, 2, 3, 5]) must(t.send(seat, { type: 'vote', target: 4 }));
    // then every screen announces it during the last word…
    const verdict = { round: 1, seats: [4], votes: 4, of: 7 };
    expect(seatView(t, 4).phase.stage).toBe('lastWord');
    expect(verdictOf(seatView(t, 7))).toEqual(verdict);
    expect(verdictOf(hostView(t))).toEqual(verdict);
    // …and through the night, but no longer the next day
    must(t.send(4, { type: 'endSpeech' }));
    expect(hostView(t).phase.kind).toBe('night');
    expect(verdictOf(seatView(t, 7))).toEqual(verdict);
    until(t, (v) => v.phase.kind === 'day' && v.phase.round === 2);
    expect(verdictOf(seatView(t, 7))).toBeNull();
  });

  it('a ballot of candidates lists every candidate, voted for or not, and the verdict counts its votes', () => {
    const t = tableOf(7, { 1: 'mafia', 2: 'don', 3: 'sheriff' }, { timers });
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.send(4, { type: 'nominate', target: 1 }));
    must(t.send(1, { type: 'nominate', target: 4 }));
    until(t, (v) => v.phase.stage === 'vote');
    must(t.send(5, { type: 'vote', target: 1 }));
    expect(voteLines(seatView(t, 2))).toEqual([
      { value: 1, voters: [5] },
      { value: 4, voters: [] },
    ]);
    for (const seat of [2, 3, 6]) must(t.send(seat, { type: 'vote', target: 1 }));
    for (const seat of [1, 7]) must(t.send(seat, { type: 'vote', target: 4 }));
    must(t.send(4, { type: 'vote', target: 1 }));
    expect(verdictOf(seatView(t, 7))).toEqual({ round: 1, seats: [1], votes: 5, of: 7 });
  });
});

describe('ready to vote', () => {
  it("is offered to the living in an auto room's discussion until said; the host may end it", () => {
    const t = tableOf(7, { 1: 'mafia', 2: 'don' }, { timers });
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    expect(canSayReady(seatView(t, 3))).toBe(true);
    expect(canEndDiscussion(hostView(t))).toBe(true);
    expect(canEndDiscussion(seatView(t, 3))).toBe(false);
    must(t.send(3, { type: 'readyToVote' }));
    expect(canSayReady(seatView(t, 3))).toBe(false);
    expect(seatView(t, 5).ready).toEqual([3]);
  });

  it('is not offered under continuous majority, whose day ends by its votes', () => {
    const t = tableOf(7, { 1: 'mafia', 2: 'don' }, { voting: 'majority', timers });
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    expect(canSayReady(seatView(t, 3))).toBe(false);
    expect(canEndDiscussion(hostView(t))).toBe(false);
  });
});
