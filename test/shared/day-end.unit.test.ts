import { describe, expect, it } from 'vitest';
import type { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, seatView, until } from '../support/game.js';
import { advanceTo, ballot, night, speakersUntilVote, talk } from './support/moderated.js';

const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, lastWordNight: 10 };
/** Seven online: mafia 1, Don 2, Sheriff 3, civilians 4–7; ties keep everyone (seed 000). */
const seven = () => givenGame({ preset: 'online', timers }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
const toDiscussion = (t: Table) => until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
const toVote = (t: Table) => until(t, { phase: { kind: 'day', round: 1, stage: 'vote' } });
const toNight = (t: Table) => until(t, { phase: { kind: 'night', round: 1 } });
/** Nine at the club (E16): civilians 1–4, Maniac 5, mafioso 6, Don 7, Putana 8, Sheriff 9. */
const club = () =>
  givenGame({ preset: 'club' }, 9, { 5: 'maniac', 6: 'mafia', 7: 'don', 8: 'lover', 9: 'sheriff' });

/** What every viewer is told of the day: the same for a seat, the host and a spectator. */
function toldToAll(t: Table) {
  const told = seatView(t, 4).dayEnd;
  expect(viewFor(t.state, { kind: 'host' }).dayEnd).toEqual(told);
  expect(viewFor(t.state, { kind: 'spectator' }).dayEnd).toEqual(told);
  return told;
}

describe('how a day ended with nobody out, told to every phone through the night', () => {
  it('a tie keeps everyone (tie: nobody): the tied leaders are named', () => {
    // given two nominees and a vote 3 to 3
    const t = seven();
    toDiscussion(t);
    does(t, 1, { type: 'nominate', target: 4 });
    does(t, 3, { type: 'nominate', target: 5 });
    toVote(t);
    for (const [voter, target] of [
      [1, 4],
      [2, 4],
      [5, 4],
      [3, 5],
      [4, 5],
      [6, 5],
    ])
      does(t, voter, { type: 'vote', target });
    toNight(t);
    // then the night after it tells every viewer the day ended in a tie of 4 and 5
    expect(toldToAll(t)).toEqual({ round: 1, how: 'tie', seats: [4, 5] });
    // and the next day no longer speaks of it
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(toldToAll(t)).toBeNull();
  });

  it('a vote nobody voted in, and a day with no nominee, are told apart', () => {
    const ranOut = seven();
    toDiscussion(ranOut);
    does(ranOut, 1, { type: 'nominate', target: 4 });
    toVote(ranOut);
    toNight(ranOut);
    expect(toldToAll(ranOut)).toEqual({ round: 1, how: 'nobody', seats: [] });

    const noNominee = seven();
    toDiscussion(noNominee);
    toNight(noNominee);
    expect(toldToAll(noNominee)).toEqual({ round: 1, how: 'noVote', seats: [] });
  });

  it('a day that sent someone out is the verdict’s to tell, not this', () => {
    const t = seven();
    toDiscussion(t);
    does(t, 1, { type: 'nominate', target: 4 });
    toVote(t);
    for (const voter of [1, 2, 3, 5, 6, 7]) does(t, voter, { type: 'vote', target: 4 });
    toNight(t);
    expect(toldToAll(t)).toBeNull();
  });

  it('E12: the leader the Putana visited stays on her alibi', () => {
    // given the club: the Putana visits 1 on night 1, and day 2 gives 1 the most votes
    const t = club();
    advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
    talk(t);
    night(t, [[8, 'block', 1]]);
    talk(t, { 2: 1, 3: 4 });
    ballot(t, { 2: 1, 3: 1, 4: 1, 5: 1, 6: 4 });
    // then night 2 tells everyone 1 had the most votes and stays
    expect(t.state.phase).toMatchObject({ kind: 'night', round: 2 });
    expect(toldToAll(t)).toEqual({ round: 2, how: 'alibi', seats: [1] });
  });

  it('E11: the car crash’s leave-all vote that keeps them all', () => {
    // given day 1 at the club: 1 and 4 tie twice, and the table will not lift them
    const t = club();
    advanceTo(t, { phase: { kind: 'day', round: 1, stage: 'speech' } });
    talk(t);
    night(t, []);
    talk(t, { 2: 1, 3: 4 });
    ballot(t, { 2: 1, 3: 1, 5: 4, 6: 4 });
    speakersUntilVote(t);
    ballot(t, { 2: 1, 3: 1, 5: 4, 6: 4 });
    ballot(t, { 1: 'stay', 2: 'stay' });
    expect(t.state.phase).toMatchObject({ kind: 'night', round: 2 });
    expect(toldToAll(t)).toEqual({ round: 2, how: 'allStay', seats: [1, 4] });
  });
});
