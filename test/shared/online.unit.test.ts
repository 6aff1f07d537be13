import { describe, expect, it } from 'vitest';
import {
  does,
  givenGame,
  ok,
  refused,
  result,
  seatChat,
  seatView,
  unchangedBy,
  until,
} from '../support/game.js';

const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, lastWordNight: 10 };
/** Seven players: mafia 1, Don 2, Sheriff 3, civilians 4–7. */
const seven = () => givenGame({ preset: 'online', timers }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
/** Five players with a single mafioso (seat 1). */
const five = () => givenGame({ preset: 'online', timers }, 5, { 1: 'mafia' });

const toNight1 = (t: ReturnType<typeof seven>) =>
  until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });

describe('online preset (seed 000)', () => {
  it('A1: the mafia is a team of mafiosi and the Don who know each other', () => {
    // given a seven-player room with a mafioso and a Don
    const t = seven();
    // when each looks at his own view
    const mafioso = seatView(t, 1);
    const civilian = seatView(t, 4);
    // then the mafia see each other, the civilian sees only himself
    expect(mafioso.you?.teammates).toEqual([2]);
    expect(mafioso.seats.find((s) => s.seat === 2)?.role).toBe('don');
    expect(civilian.seats.filter((s) => s.role !== null).map((s) => s.seat)).toEqual([4]);
  });

  it('A2: the mafia wins when living mafia are at least the living citizens', () => {
    // given five players, one mafioso; the town votes out two citizens and the mafia shoots one
    const t = five();
    until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
    does(t, 2, { type: 'nominate', target: 5 });
    until(t, { phase: { stage: 'vote' } });
    for (const s of [1, 2, 3, 4]) does(t, s, { type: 'vote', target: 5 });
    until(t, { phase: { kind: 'night', round: 1 } });
    // when the mafia shoots seat 4, leaving 1 mafioso against 2 citizens, then the town errs again
    does(t, 1, { type: 'act', ability: 'shoot', target: 4 });
    until(t, { phase: { kind: 'day', round: 2, stage: 'discussion' } });
    expect(result(t).over).toBe(false);
    does(t, 1, { type: 'nominate', target: 3 });
    until(t, { phase: { stage: 'vote' } });
    for (const s of [1, 2]) does(t, s, { type: 'vote', target: 3 });
    // then at one against one the mafia has won, after the last word
    until(t, { over: true });
    expect(result(t)).toMatchObject({ winner: 'mafia', winners: [1], alive: [1, 2] });
  });

  it('A3: at night only the mafia talk on their channel and only they read it', () => {
    const t = seven();
    toNight1(t);
    // when the Don writes on the mafia channel and a civilian tries to
    does(t, 2, { type: 'say', channel: 'mafia', text: 'seat 3 looks like the sheriff' });
    refused(t.send(4, { type: 'say', channel: 'mafia', text: 'hello?' }), 'not_allowed');
    refused(t.send(4, { type: 'say', channel: 'table', text: 'anyone awake?' }), 'wrong_phase');
    // then the mafioso reads it, the civilian does not
    expect(seatChat(t, 1).map((m) => m.text)).toEqual(['seat 3 looks like the sheriff']);
    expect(seatChat(t, 4)).toEqual([]);
  });

  it('A4: a mafioso may shoot anyone alive, himself and teammates too, once and for good', () => {
    const t = seven();
    toNight1(t);
    // when the mafioso shoots his teammate
    does(t, 1, { type: 'act', ability: 'shoot', target: 2 });
    // then a second shot is refused and changes nothing
    refused(
      unchangedBy(t, () => t.send(1, { type: 'act', ability: 'shoot', target: 5 })),
      'already_acted',
    );
    // and the Don may shoot himself
    does(t, 2, { type: 'act', ability: 'shoot', target: 2 });
    // and a civilian cannot shoot at all
    refused(t.send(4, { type: 'act', ability: 'shoot', target: 5 }), 'not_allowed');
  });

  it('A5: the shot counts only if every living mafioso shot, all at one player', () => {
    // given one night where the mafia split their shots
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 6 });
    until(t, { phase: { kind: 'day', round: 2 } });
    // then nobody died, and the host's record says why
    expect(result(t).alive).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.state.lastNight?.outcomes[0]).toMatchObject({ killed: false, reason: 'splitTargets' });
    expect(seatView(t, 4).morning).toEqual({ round: 1, killed: [] });
  });

  it('A5: one mafioso who does not shoot spoils the shot for the team', () => {
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(result(t).alive).toContain(5);
    expect(t.state.lastNight?.outcomes[0]).toMatchObject({ target: 5, killed: false, reason: 'notAllShot' });
  });

  it('A5: a unanimous shot kills at dawn', () => {
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(result(t).eliminated).toEqual([{ seat: 5, how: 'shot', round: 1 }]);
    expect(seatView(t, 4).morning).toEqual({ round: 1, killed: [5] });
  });

  it('A6: immunity protects from the shots of night 1 only', () => {
    const t = givenGame({ preset: 'online', timers, immunity: 6 }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    toNight1(t);
    refused(t.send(1, { type: 'act', ability: 'shoot', target: 6 }), 'immune_target');
    until(t, { phase: { kind: 'night', round: 2, stage: 'actions' } });
    does(t, 1, { type: 'act', ability: 'shoot', target: 6 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 6 });
    until(t, { phase: { kind: 'day', round: 3 } });
    expect(result(t).alive).not.toContain(6);
  });

  it('A7: the night window closes as soon as everyone has acted', () => {
    const t = seven();
    toNight1(t);
    const opened = t.now;
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'check', target: 3 });
    expect(result(t).phase.kind).toBe('night');
    does(t, 3, { type: 'act', ability: 'check', target: 1 });
    // then day has come without any time passing
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 2 });
    expect(t.now).toBe(opened);
  });

  it('A7: the mafia gets more time than the other roles, and the window closes on its deadline', () => {
    const t = seven();
    toNight1(t);
    // when the other roles' time has passed
    t.wait(timers.night + 1);
    // then the Sheriff is too late, while the mafia may still shoot
    refused(t.send(3, { type: 'act', ability: 'check', target: 1 }), 'too_late');
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
    expect(result(t).phase.kind).toBe('night');
    t.wait(timers.mafia - timers.night);
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 2 });
    expect(result(t).alive).not.toContain(5);
  });

  it('A7: with a narrator the host sets the pace and the clock only advises', () => {
    const t = givenGame({ preset: 'online', master: 'narrator', timers }, 7, {
      1: 'mafia',
      2: 'don',
      3: 'sheriff',
    });
    expect(result(t).phase.stage).toBe('intro');
    expect(t.nextDeadline()).toBeNull();
    t.wait(3600);
    expect(result(t).phase.stage).toBe('intro');
    does(t, 'host', { type: 'advance' });
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 1 });
    refused(t.send(3, { type: 'advance' }), 'host_only');
  });

  it('A8: with two or more mafiosi the game opens with an introduction night where nobody shoots', () => {
    const t = seven();
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 0, stage: 'intro' });
    refused(t.send(1, { type: 'act', ability: 'shoot', target: 5 }), 'wrong_phase');
  });

  it('A8: the mafia ends the introduction early with "I know my team"', () => {
    const t = seven();
    does(t, 1, { type: 'knowTeam' });
    expect(result(t).phase.stage).toBe('intro');
    refused(t.send(4, { type: 'knowTeam' }), 'not_allowed');
    refused(t.send(1, { type: 'knowTeam' }), 'already_acted');
    does(t, 2, { type: 'knowTeam' });
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 1 });
  });

  it('A9: with a single mafioso there is no introduction night', () => {
    const t = five();
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 1, stage: 'discussion' });
  });

  it('a day: anyone alive nominates once, the nominees are voted on, most votes leaves', () => {
    const t = five();
    does(t, 2, { type: 'nominate', target: 1 });
    refused(t.send(2, { type: 'nominate', target: 3 }), 'already_nominated');
    refused(t.send(3, { type: 'nominate', target: 1 }), 'already_nominated');
    does(t, 1, { type: 'nominate', target: 2 });
    until(t, { phase: { stage: 'vote' } });
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [1, 2] });
    refused(t.send(1, { type: 'vote', target: 1 }), 'self_vote');
    does(t, 1, { type: 'vote', target: 2 });
    refused(t.send(1, { type: 'vote', target: 2 }), 'already_voted');
    for (const s of [2, 3, 4, 5]) does(t, s, { type: 'vote', target: 1 });
    // everyone voted: the ballot closes at once and the mafioso has his last word
    expect(result(t)).toMatchObject({ speaker: 1, alive: [2, 3, 4, 5], phase: { stage: 'lastWord' } });
    until(t, { over: true });
    expect(result(t)).toMatchObject({ winner: 'town', winners: [2, 3, 4, 5] });
  });

  it('a tie saves everyone', () => {
    const t = five();
    does(t, 2, { type: 'nominate', target: 1 });
    does(t, 1, { type: 'nominate', target: 2 });
    until(t, { phase: { stage: 'vote' } });
    for (const [s, v] of [
      [1, 2],
      [2, 1],
      [3, 1],
      [4, 2],
    ] as const)
      does(t, s, { type: 'vote', target: v });
    until(t, { phase: { kind: 'night' } });
    expect(result(t).alive).toEqual([1, 2, 3, 4, 5]);
    expect(t.state.ballots[0]).toMatchObject({ leaders: [1, 2], leaves: [] });
  });

  it('the dead talk only among the dead, and the table hears them only in their last word', () => {
    const t = five();
    does(t, 2, { type: 'nominate', target: 5 });
    until(t, { phase: { stage: 'vote' } });
    for (const s of [1, 2, 3, 4]) does(t, s, { type: 'vote', target: 5 });
    until(t, { speaker: 5, phase: { stage: 'lastWord' } });
    does(t, 5, { type: 'say', channel: 'table', text: 'I was innocent' });
    does(t, 5, { type: 'endSpeech' });
    refused(t.send(5, { type: 'say', channel: 'table', text: 'still here' }), 'dead_player');
    does(t, 5, { type: 'say', channel: 'dead', text: 'boo' });
    refused(t.send(4, { type: 'say', channel: 'dead', text: 'hi' }), 'not_allowed');
    expect(seatChat(t, 4).map((m) => m.text)).toEqual(['I was innocent']);
    expect(seatChat(t, 5).map((m) => m.text)).toEqual(['I was innocent', 'boo']);
  });

  it('commands that are not allowed are refused and change nothing', () => {
    const t = seven();
    refused(
      unchangedBy(t, () => t.send(4, { type: 'start' })),
      'host_only',
    );
    refused(
      unchangedBy(t, () => t.send(4, { type: 'vote', target: 1 })),
      'wrong_phase',
    );
    refused(
      unchangedBy(t, () => t.send(4, { type: 'act', ability: 'shoot' })),
      'wrong_phase',
    );
    refused(
      unchangedBy(t, () => t.send(4, { type: 'nominate', target: 99 })),
      'bad_command',
    );
    refused(
      unchangedBy(t, () => t.send(4, { type: 'fly' })),
      'bad_command',
    );
    refused(
      unchangedBy(t, () => t.send('host', { type: 'act', ability: 'shoot', target: 3, as: 1 })),
      'as_not_allowed',
    );
    refused(
      unchangedBy(t, () => t.send(1, { type: 'knowTeam', as: 2 })),
      'as_not_allowed',
    );
    refused(
      unchangedBy(t, () => t.send(9, { type: 'knowTeam' })),
      'not_a_player',
    );
    refused(
      unchangedBy(t, () => t.send('system', { type: 'knowTeam' })),
      'not_a_player',
    );
    refused(
      unchangedBy(t, () => t.send(4, { type: 'timeUp', deadlineId: 'x' })),
      'not_allowed',
    );
  });

  it('a stale or repeated deadline is a no-op', () => {
    const t = seven();
    const d = t.nextDeadline()!;
    t.now = d.at;
    ok(t.send('system', { type: 'timeUp', deadlineId: 'n0.intro.0' }));
    expect(result(t).phase.stage).toBe('intro');
    ok(t.send('system', { type: 'timeUp', deadlineId: d.id }));
    const version = t.version;
    ok(t.send('system', { type: 'timeUp', deadlineId: d.id }));
    expect(t.version).toBe(version);
  });

  it('a paused clock does not fire, an extended one fires later', () => {
    const t = seven();
    const first = t.nextDeadline()!;
    t.wait(5);
    does(t, 'host', { type: 'pauseClock' });
    expect(t.nextDeadline()).toBeNull();
    t.wait(600);
    expect(result(t).phase.stage).toBe('intro');
    does(t, 'host', { type: 'unpauseClock' });
    const resumed = t.nextDeadline()!;
    // a resumed or extended clock is a new deadline: the old one, already scheduled, finds nothing to end
    expect(resumed.id).not.toBe(first.id);
    does(t, 'host', { type: 'extendClock', seconds: 30 });
    const later = t.nextDeadline()!;
    expect(later.id).not.toBe(resumed.id);
    expect(later.id).not.toBe(first.id);
    expect(later.at - t.now).toBe((timers.intro - 5 + 30) * 1000);
    t.now = later.at;
    for (const stale of [first.id, resumed.id]) ok(t.send('system', { type: 'timeUp', deadlineId: stale }));
    expect(result(t).phase.stage).toBe('intro');
    ok(t.send('system', { type: 'timeUp', deadlineId: later.id }));
    expect(result(t).phase.stage).not.toBe('intro');
  });
});

describe('online preset: the mafia agrees on its shot', () => {
  it('A5: a mafioso sees where his teammates shot tonight; nobody else does', () => {
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'shoot', target: 6 });
    expect(seatView(t, 2).you?.teamShots).toEqual([{ seat: 1, target: 6 }]);
    expect(seatView(t, 1).you?.teamShots).toEqual([]);
    expect(seatView(t, 3).you?.teamShots).toEqual([]);
    expect(JSON.stringify(seatView(t, 4))).not.toContain('"target":6');
  });
});

describe('online preset: a lone nominee', () => {
  it('the ballot closes once everyone who has a vote to cast has voted', () => {
    const t = five();
    does(t, 2, { type: 'nominate', target: 1 });
    until(t, { phase: { stage: 'vote' } });
    refused(t.send(1, { type: 'vote', target: 1 }), 'self_vote');
    for (const s of [2, 3, 4, 5]) does(t, s, { type: 'vote', target: 1 });
    expect(result(t)).toMatchObject({ speaker: 1, phase: { stage: 'lastWord' } });
  });
});

describe('online preset: views stay small', () => {
  it('a view carries no chat messages, only the channels its viewer reads, and an automatic game keeps no undo stack', () => {
    const t = five();
    for (let i = 0; i < 150; i++)
      does(t, 2 + (i % 4), { type: 'say', channel: 'table', text: `message ${i} ${'x'.repeat(400)}` });
    const view = seatView(t, 5);
    expect(view.chat).toEqual(['table']);
    expect(seatChat(t, 1).at(-1)?.text).toMatch(/^message 149 /);
    expect(JSON.stringify(view).length).toBeLessThan(8 * 1024);
    does(t, 2, { type: 'nominate', target: 1 });
    does(t, 3, { type: 'nominate', target: 2 });
    expect(t.state.undo).toEqual([]);
  });
});
