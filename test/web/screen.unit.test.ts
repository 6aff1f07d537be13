import { describe, expect, it } from 'vitest';
import {
  ballotMode,
  bestMoveOpen,
  canGiveUp,
  canNominate,
  holdsFloor,
  knowTeamState,
  myVote,
  openAbilities,
  screenKey,
  screenOf,
  targetsFor,
  voteTargets,
  writableChannels,
} from '../../web/src/logic/screen.js';
import { hostView, must, seatView, tableOf, until } from './support/views.js';

// Seven players: 1 mafioso, 2 Don, 3 Sheriff, the rest civilians; the online preset (automatic master).
const deal = { 1: 'mafia', 2: 'don', 3: 'sheriff' } as const;

describe('what a player is shown, from the engine’s own views', () => {
  it('puts the lobby, the host and the players on their screens', () => {
    const t = tableOf(7, deal);
    expect(screenOf(seatView(t, 4))).toBe('play');
    expect(screenOf(hostView(t))).toBe('host');
  });

  it('offers "I know my team" to the mafia only, on the introduction night', () => {
    const t = tableOf(7, deal);
    expect(seatView(t, 1).phase.stage).toBe('intro');
    expect(knowTeamState(seatView(t, 1))).toBe('offer');
    expect(knowTeamState(seatView(t, 2))).toBe('offer');
    expect(knowTeamState(seatView(t, 3))).toBeNull();
    must(t.command(1, { type: 'knowTeam' }));
    expect(knowTeamState(seatView(t, 1))).toBe('done');
  });

  it('opens nominations in the day’s discussion, once per player, never for oneself (B8: no self-vote)', () => {
    const t = tableOf(7, deal);
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    const v4 = seatView(t, 4);
    expect(canNominate(v4)).toBe(true);
    expect(targetsFor(v4, { kind: 'nominate' })).toEqual([1, 2, 3, 5, 6, 7]);
    must(t.command(4, { type: 'nominate', target: 1 }));
    expect(canNominate(seatView(t, 4))).toBe(false);
    expect(targetsFor(seatView(t, 5), { kind: 'nominate' })).not.toContain(1);
    expect(writableChannels(seatView(t, 5))).toEqual(['table']);
  });

  it('B9 with replaceNomination: a player who has nominated is offered a second nomination, which replaces his first', () => {
    // given a house that lets a nomination be replaced, and seat 4 who has nominated seat 1
    const t = tableOf(7, deal, { replaceNomination: true });
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.command(4, { type: 'nominate', target: 1 }));
    // when his phone is shown the day, then it offers him another nomination, of a seat not yet nominated
    const v4 = seatView(t, 4);
    expect(canNominate(v4)).toBe(true);
    expect(targetsFor(v4, { kind: 'nominate' })).toEqual([2, 3, 5, 6, 7]);
    // and the server takes it: his nomination of seat 1 gives way to seat 2
    must(t.command(4, { type: 'nominate', target: 2 }));
    expect(seatView(t, 4).nominations).toEqual([{ by: 4, target: 2 }]);
  });

  it('lets each living player vote once among the candidates, not for himself', () => {
    const t = tableOf(7, deal);
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.command(4, { type: 'nominate', target: 1 }));
    must(t.command(1, { type: 'nominate', target: 5 }));
    until(t, (v) => v.phase.stage === 'vote');
    expect(ballotMode(seatView(t, 4))).toBe('candidates');
    expect(voteTargets(seatView(t, 1))).toEqual([5]);
    expect(voteTargets(seatView(t, 4))).toEqual([1, 5]);
    must(t.command(4, { type: 'vote', target: 1 }));
    expect(myVote(seatView(t, 4))).toBe(1);
  });

  it('gives the night’s abilities to those who have them, and the floor to the eliminated', () => {
    const t = tableOf(7, deal);
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.command(4, { type: 'nominate', target: 1 }));
    until(t, (v) => v.phase.stage === 'vote');
    for (const seat of [2, 3, 4, 5, 6, 7]) must(t.command(seat, { type: 'vote', target: 1 }));
    until(t, (v) => v.phase.stage === 'lastWord');
    expect(holdsFloor(seatView(t, 1))).toBe(true);
    expect(holdsFloor(seatView(t, 2))).toBe(false);
    must(t.command(1, { type: 'endSpeech' }));
    const don = seatView(t, 2);
    expect(don.phase.kind).toBe('night');
    expect(openAbilities(don)).toEqual(['shoot', 'check']);
    expect(targetsFor(don, { kind: 'act', ability: 'shoot' })).toEqual([3, 4, 5, 6, 7]);
    expect(openAbilities(seatView(t, 3))).toEqual(['check']);
    expect(openAbilities(seatView(t, 4))).toEqual([]);
    expect(writableChannels(don)).toEqual(['mafia']);
    expect(writableChannels(seatView(t, 1))).toEqual(['dead']);
  });

  it('offers the targets the view allows: a Doctor may heal himself, a civilian heals nobody', () => {
    const t = tableOf(5, { 1: 'mafia', 2: 'doctor' }, { introNight: 'never', firstDay: 'noVote' });
    until(t, (v) => v.phase.kind === 'night');
    expect(targetsFor(seatView(t, 2), { kind: 'act', ability: 'heal' })).toEqual([1, 2, 3, 4, 5]);
    expect(targetsFor(seatView(t, 4), { kind: 'act', ability: 'heal' })).toEqual([]);
  });

  it('does not offer the mafia its own members as targets', () => {
    const t = tableOf(7, deal);
    until(t, (v) => v.phase.kind === 'night' && v.phase.round === 1);
    expect(targetsFor(seatView(t, 2), { kind: 'act', ability: 'shoot' })).toEqual([3, 4, 5, 6, 7]);
    expect(targetsFor(seatView(t, 2), { kind: 'act', ability: 'check' })).toEqual([1, 3, 4, 5, 6, 7]);
  });

  it('hands a recorded table’s moves to the host: the players’ phones only watch', () => {
    const t = tableOf(5, { 1: 'mafia', 2: 'sheriff' }, { master: 'moderator' });
    expect(screenOf(hostView(t))).toBe('host');
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    expect(canNominate(seatView(t, 3))).toBe(false);
    must(t.command('host', { type: 'advance' }));
    expect(openAbilities(seatView(t, 2))).toEqual([]);
  });

  it('votes continuously under majority voting', () => {
    const t = tableOf(7, deal, { voting: 'majority', introNight: 'never' });
    const v = seatView(t, 4);
    expect(v.phase.kind).toBe('day');
    expect(ballotMode(v)).toBe('majority');
    expect(voteTargets(v)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('offers the best move to the first player killed, during his last word (sport)', () => {
    const t = tableOf(
      10,
      { 1: 'mafia', 2: 'mafia', 3: 'don', 4: 'sheriff' },
      { preset: 'sport', master: 'auto' },
    );
    until(t, (v) => v.phase.kind === 'day' && v.phase.round === 1);
    // Day 1 passes without a vote (sport needs two candidates on day 1); then the mafia shoots seat 7.
    until(t, (v) => v.phase.kind === 'night' && v.phase.round === 1);
    for (const seat of [1, 2, 3]) must(t.command(seat, { type: 'act', ability: 'shoot', target: 7 }));
    until(t, (v) => v.phase.kind === 'day' && v.phase.round === 2);
    expect(bestMoveOpen(seatView(t, 7))).toBe(true);
    expect(bestMoveOpen(seatView(t, 6))).toBe(false);
    expect(targetsFor(seatView(t, 7), { kind: 'bestMove' })).not.toContain(7);
  });

  it('lets a living player give up when he plays his own moves, from the deal to the end', () => {
    const t = tableOf(5, { 1: 'mafia' }, { introNight: 'never' });
    expect(canGiveUp(seatView(t, 3))).toBe(true);
    expect(canGiveUp(hostView(t))).toBe(false);
    must(t.command(3, { type: 'giveUp' }));
    expect(canGiveUp(seatView(t, 3))).toBe(false);
    until(t, (v) => v.phase.kind === 'night');
    expect(canGiveUp(seatView(t, 4))).toBe(true);

    const moderated = tableOf(5, { 1: 'mafia' }, { master: 'moderator', introNight: 'never' });
    expect(canGiveUp(seatView(moderated, 3))).toBe(false);
  });
});

describe('screenKey', () => {
  it('names a new screen when the lobby becomes the game and the game its end, not at every step', () => {
    const t = tableOf(7, deal);
    const night = seatView(t, 4);
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    expect(screenKey('room', night)).toBe('play');
    expect(screenKey('room', seatView(t, 4))).toBe('play');
    expect(screenKey('room', hostView(t))).toBe('host');
    expect(screenKey('room', { ...seatView(t, 4), over: true })).toBe('play:over');
    expect(screenKey('sheet', seatView(t, 4))).toBe('sheet');
    expect(screenKey('room', null)).toBe('room');
  });
});
