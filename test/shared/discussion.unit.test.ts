import { describe, expect, it } from 'vitest';
import { does, givenGame, refused, result, seatView, unchangedBy, until } from '../support/game.js';

const timers = {
  intro: 20,
  mafia: 40,
  night: 20,
  discussion: 600,
  vote: 20,
  lastWord: 10,
  lastWordNight: 10,
};
/** Seven players in an auto room: mafia 1, Don 2, Sheriff 3, civilians 4–7. */
const seven = () => givenGame({ preset: 'online', timers }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
const toDiscussion = (t: ReturnType<typeof seven>) =>
  until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });

describe('the day\'s discussion in an auto room: "ready to vote" and the host ending it', () => {
  it('ends the discussion once every living player says he is ready, then the vote opens', () => {
    // given day 1's discussion with two nominations
    const t = seven();
    toDiscussion(t);
    does(t, 4, { type: 'nominate', target: 1 });
    does(t, 1, { type: 'nominate', target: 4 });
    // when six of seven say they are ready
    for (const seat of [1, 2, 3, 4, 5, 6]) does(t, seat, { type: 'readyToVote' });
    // then everyone sees who is ready, and the discussion goes on
    expect(seatView(t, 7).ready).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result(t).phase.stage).toBe('discussion');
    // when the last one says it too, the vote opens at once
    does(t, 7, { type: 'readyToVote' });
    expect(result(t).phase.stage).toBe('vote');
    expect(seatView(t, 7).ballot?.candidates).toEqual([1, 4]);
  });

  it('refuses a second "ready", a dead player\'s, and "ready" outside the discussion, changing nothing', () => {
    const t = seven();
    refused(
      unchangedBy(t, () => t.send(4, { type: 'readyToVote' })),
      'wrong_phase',
    );
    toDiscussion(t);
    does(t, 4, { type: 'readyToVote' });
    refused(
      unchangedBy(t, () => t.send(4, { type: 'readyToVote' })),
      'already_acted',
    );
    refused(
      unchangedBy(t, () => t.send('host', { type: 'readyToVote' })),
      'not_a_player',
    );
    // seat 4 gives up: the dead are not asked, and the six living end the discussion
    does(t, 4, { type: 'giveUp' });
    refused(
      unchangedBy(t, () => t.send(4, { type: 'readyToVote' })),
      'dead_player',
    );
    for (const seat of [1, 2, 3, 5, 6, 7]) does(t, seat, { type: 'readyToVote' });
    // no candidates: the day ends without a vote
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1 });
  });

  it("lets the auto room's host end the discussion early; players cannot", () => {
    const t = seven();
    toDiscussion(t);
    does(t, 5, { type: 'nominate', target: 2 });
    does(t, 6, { type: 'nominate', target: 3 });
    refused(
      unchangedBy(t, () => t.send(5, { type: 'endDiscussion' })),
      'host_only',
    );
    does(t, 'host', { type: 'endDiscussion' });
    expect(result(t).phase.stage).toBe('vote');
    refused(
      unchangedBy(t, () => t.send('host', { type: 'endDiscussion' })),
      'wrong_phase',
    );
  });

  it('leaves a narrated table to its narrator, and a day of continuous majority to its votes (B9)', () => {
    const narrated = givenGame({ preset: 'online', master: 'narrator', timers }, 7, { 1: 'mafia', 2: 'don' });
    while (result(narrated).phase.stage !== 'discussion') does(narrated, 'host', { type: 'advance' });
    refused(
      unchangedBy(narrated, () => narrated.send('host', { type: 'endDiscussion' })),
      'not_allowed',
    );
    const majority = givenGame({ preset: 'online', voting: 'majority', timers: { ...timers, day: 600 } }, 7, {
      1: 'mafia',
      2: 'don',
    });
    until(majority, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
    refused(
      unchangedBy(majority, () => majority.send(3, { type: 'readyToVote' })),
      'not_allowed',
    );
    refused(
      unchangedBy(majority, () => majority.send('host', { type: 'endDiscussion' })),
      'not_allowed',
    );
  });
});

describe('nominating oneself', () => {
  it('B8: is refused where nobody may vote for himself; the nomination of another stands', () => {
    const t = seven();
    toDiscussion(t);
    refused(
      unchangedBy(t, () => t.send(4, { type: 'nominate', target: 4 })),
      'self_vote',
    );
    does(t, 4, { type: 'nominate', target: 5 });
    expect(seatView(t, 4).nominations).toEqual([{ by: 4, target: 5 }]);
  });

  it('is allowed where the rules let a player vote for himself (sport)', () => {
    const t = givenGame({ preset: 'sport', master: 'auto' }, 10, {
      1: 'mafia',
      2: 'mafia',
      3: 'don',
      4: 'sheriff',
    });
    until(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
    const speaker = t.state.speaker as number;
    does(t, speaker, { type: 'nominate', target: speaker });
    expect(seatView(t, 1).nominations).toEqual([{ by: speaker, target: speaker }]);
  });
});
