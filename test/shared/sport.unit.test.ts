import { describe, expect, it } from 'vitest';
import { pointsBySeat } from '../../shared/audit/points.js';
import { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';
import { does, givenGame, ok, refused, result, seatView, unchangedBy, until } from '../support/game.js';

const timers = {
  intro: 60,
  speech: 60,
  shortSpeech: 30,
  defence: 30,
  vote: 20,
  lastWord: 60,
  lastWordNight: 60,
  mafia: 20,
  night: 20,
};
/** The FIIM table: blacks are mafia 2 and 5 and the Don 9; the Sheriff is 3; the rest are civilians. */
const DEAL = { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' } as const;
const sport = (extra: Record<string, unknown> = {}) =>
  givenGame({ preset: 'sport', master: 'auto', timers, ...extra }, 10, DEAL);

const day = (t: Table, round: number) => until(t, { phase: { kind: 'day', round, stage: 'speech' } });
const night = (t: Table, round: number) => until(t, { phase: { kind: 'night', round, stage: 'actions' } });

/** Runs the day's speeches: each speaker nominates whom `noms` says, then says "thank you". */
function speeches(t: Table, noms: Record<number, number> = {}) {
  while (t.state.phase.stage === 'speech') {
    const speaker = t.state.speaker!;
    if (noms[speaker] !== undefined) does(t, speaker, { type: 'nominate', target: noms[speaker] });
    if (t.state.muted) t.jump();
    else does(t, speaker, { type: 'endSpeech' });
  }
}

/** Everyone alive votes as `votes` says (seat → candidate); seats not listed keep silent. */
function vote(t: Table, votes: Record<number, number>) {
  const closed = t.state.ballots.length;
  for (const [seat, target] of Object.entries(votes)) does(t, Number(seat), { type: 'vote', target });
  if (t.state.ballots.length === closed) t.jump();
}

function endWords(t: Table) {
  while (t.state.phase.stage === 'lastWord' || t.state.phase.stage === 'defence')
    does(t, t.state.speaker!, { type: 'endSpeech' });
}

function shoot(t: Table, target: number, shooters = [2, 5, 9]) {
  for (const s of shooters)
    if (t.state.alive.includes(s)) does(t, s, { type: 'act', ability: 'shoot', target });
}

describe('sport preset: table and night 0 (C2, C3)', () => {
  it('C2 table: a random deal gives exactly the FIIM roles; nine players cannot start', () => {
    const t = new Table();
    ok(t.create({ preset: 'sport' }));
    for (let i = 1; i <= 9; i++) ok(t.join(`P${i}`));
    refused(t.command('host', { type: 'start' }, 3), 'not_enough_players');
    ok(t.join('P10'));
    ok(t.command('host', { type: 'start' }, 3));
    expect(Object.values(t.state.roles).sort()).toEqual(
      [...Array(6).fill('civilian'), 'don', 'mafia', 'mafia', 'sheriff'].sort(),
    );
  });

  it('roles stay hidden until the game ends', () => {
    const t = sport();
    expect(
      seatView(t, 1)
        .seats.filter((s) => s.role)
        .map((s) => s.seat),
    ).toEqual([1]);
    expect(
      seatView(t, 9)
        .seats.filter((s) => s.role)
        .map((s) => s.seat),
    ).toEqual([2, 5, 9]);
  });

  it('C3 night 0: the agreement night lasts its full minute, with no shots and no checks', () => {
    const t = sport();
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 0, stage: 'intro' });
    for (const s of [2, 5, 9]) does(t, s, { type: 'knowTeam' });
    expect(result(t).phase.stage).toBe('intro');
    refused(t.send(2, { type: 'act', ability: 'shoot', target: 1 }), 'wrong_phase');
    refused(t.send(3, { type: 'act', ability: 'check', target: 2 }), 'wrong_phase');
    t.wait(59);
    expect(result(t).phase.stage).toBe('intro');
    t.wait(1);
    expect(result(t).phase).toMatchObject({ kind: 'day', round: 1, stage: 'speech' });
  });
});

describe('sport preset: the day (C6)', () => {
  it('speeches of 60 s in seat order; day 1 starts at seat 1', () => {
    const t = sport();
    day(t, 1);
    expect(result(t).speaker).toBe(1);
    expect(t.nextDeadline()!.at - t.now).toBe(60_000);
    does(t, 1, { type: 'endSpeech' });
    expect(result(t).speaker).toBe(2);
    t.wait(60);
    expect(result(t).speaker).toBe(3);
    refused(t.send(5, { type: 'endSpeech' }), 'not_your_turn');
  });

  it('each later day starts at the next living seat after the previous first speaker', () => {
    const t = sport();
    day(t, 1);
    speeches(t);
    night(t, 1);
    shoot(t, 4);
    day(t, 2);
    until(t, { phase: { stage: 'speech' } });
    expect(result(t).speaker).toBe(2);
    speeches(t);
    night(t, 2);
    shoot(t, 3);
    until(t, { phase: { kind: 'day', round: 3, stage: 'speech' } });
    // seat 3, next after day 2's first speaker, was shot: seat 5 opens day 3
    expect(result(t).speaker).toBe(5);
  });

  it('a player nominates only in his own speech, once a day, and never a seat already nominated', () => {
    const t = sport();
    day(t, 1);
    refused(t.send(4, { type: 'nominate', target: 2 }), 'not_your_turn');
    does(t, 1, { type: 'nominate', target: 2 });
    refused(t.send(1, { type: 'nominate', target: 3 }), 'already_nominated');
    does(t, 1, { type: 'endSpeech' });
    refused(t.send(2, { type: 'nominate', target: 2 }), 'already_nominated');
    does(t, 2, { type: 'nominate', target: 1 });
    refused(t.send(2, { type: 'withdraw' }), 'not_allowed');
    expect(result(t).phase.stage).toBe('speech');
  });

  it('settings: a nomination may be withdrawn, or replaced by a new one', () => {
    const withdrawing = sport({ withdraw: true });
    day(withdrawing, 1);
    does(withdrawing, 1, { type: 'nominate', target: 2 });
    does(withdrawing, 1, { type: 'withdraw' });
    expect(withdrawing.state.day?.nominations).toEqual([]);
    const replacing = sport({ replaceNomination: true });
    day(replacing, 1);
    does(replacing, 1, { type: 'nominate', target: 2 });
    does(replacing, 1, { type: 'nominate', target: 7 });
    expect(replacing.state.day?.nominations).toEqual([{ by: 1, target: 7 }]);
    expect(replacing.state.nominationLog).toEqual([{ round: 1, by: 1, target: 7 }]);
  });

  it('no nominee: no vote', () => {
    const t = sport();
    day(t, 1);
    speeches(t);
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1 });
    expect(t.state.ballots).toEqual([]);
  });

  it('day 1 with a single nominee: no vote', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 2 });
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 1 },
      alive: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
  });

  it('a later day with a lone nominee: he is voted on and, with every vote, leaves', () => {
    const t = sport();
    day(t, 1);
    speeches(t);
    night(t, 1);
    day(t, 2);
    speeches(t, { 4: 2 });
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [2] });
    t.jump();
    expect(result(t)).toMatchObject({ speaker: 2, phase: { stage: 'lastWord' } });
    expect(t.state.ballots[0].tally).toEqual({ 2: 10 });
  });
});

describe('sport preset: voting', () => {
  it('candidates in nomination order; whoever has not voted counts for the last candidate; most votes leaves', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4, 3: 9 });
    expect(result(t).ballot).toEqual({ kind: 'vote', candidates: [7, 4, 9] });
    vote(t, { 1: 7, 2: 7, 5: 7, 9: 7, 3: 4, 4: 9 });
    // 4 silent players count for 9: 7 has 4, 4 has 1, 9 has 5
    expect(t.state.ballots[0].tally).toEqual({ 7: 4, 4: 1, 9: 5 });
    expect(result(t)).toMatchObject({ speaker: 9, eliminated: [{ seat: 9, how: 'vote', round: 1 }] });
  });

  it('self-votes are allowed; each living player votes once', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4 });
    does(t, 7, { type: 'vote', target: 7 });
    refused(t.send(7, { type: 'vote', target: 4 }), 'already_voted');
    refused(t.send(7, { type: 'unvote' }), 'not_allowed');
  });
});

describe('sport preset: the split', () => {
  const tied = () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4 });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7 });
    return t;
  };

  it('a tie: the leaders speak 30 s each in nomination order, then the town revotes among them', () => {
    const t = tied();
    expect(t.state.ballots[0]).toMatchObject({ leaders: [7, 4], leaves: [] });
    expect(result(t)).toMatchObject({ speaker: 7, phase: { stage: 'defence' } });
    expect(t.nextDeadline()!.at - t.now).toBe(30_000);
    does(t, 7, { type: 'endSpeech' });
    expect(result(t).speaker).toBe(4);
    does(t, 4, { type: 'endSpeech' });
    expect(result(t).ballot).toEqual({ kind: 'revote', candidates: [7, 4] });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7 });
    expect(result(t)).toMatchObject({ speaker: 7, eliminated: [{ seat: 7, how: 'vote' }] });
  });

  it('three tied, then two: each new set of leaders defends again; the same two twice go to the lift-all vote', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4, 3: 6, 4: 8 });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 4, 5: 4, 6: 4, 7: 6, 8: 6, 9: 6, 10: 8 });
    expect(t.state.ballots[0].leaders).toEqual([7, 4, 6]);
    expect(result(t)).toMatchObject({ speaker: 7, phase: { stage: 'defence' } });
    endWords(t);
    expect(result(t).ballot).toEqual({ kind: 'revote', candidates: [7, 4, 6] });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 4, 6: 4, 7: 4, 8: 4, 9: 6, 10: 6 });
    expect(t.state.ballots[1].leaders).toEqual([7, 4]);
    expect(result(t)).toMatchObject({ speaker: 7, phase: { stage: 'defence' } });
    endWords(t);
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 4, 7: 4, 8: 4, 9: 4, 10: 4 });
    expect(result(t).ballot).toEqual({ kind: 'lift', candidates: [7, 4] });
  });

  it('with 9 alive and three tied twice there is no lift-all vote and night falls (setting: hold it)', () => {
    for (const liftNineThree of [false, true]) {
      const t = sport({ liftNineThree });
      night(t, 1);
      shoot(t, 10);
      day(t, 2);
      endWords(t);
      until(t, { phase: { stage: 'speech' } });
      speeches(t, { 1: 7, 2: 4, 3: 6, 4: 8 });
      const threeWay = { 1: 7, 2: 7, 3: 7, 4: 4, 5: 4, 6: 4, 7: 6, 8: 6, 9: 6 };
      vote(t, threeWay);
      endWords(t);
      vote(t, threeWay);
      // day 2 opens at seat 2, so the nomination order is 4, 6, 8, 7
      if (liftNineThree) expect(result(t).ballot).toEqual({ kind: 'lift', candidates: [4, 6, 7] });
      else
        expect(result(t)).toMatchObject({
          phase: { kind: 'night', round: 2 },
          alive: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        });
    }
  });

  it('with 4 alive and two tied twice the lift-all vote needs 3 of 4', () => {
    for (const leave of [2, 3]) {
      const t = sport({ removalCancelsVote: false });
      day(t, 1);
      for (const seat of [1, 2, 4, 5, 6, 7])
        does(t, 'host', { type: 'disqualify', seat, reason: 'test table' });
      expect(result(t).alive).toEqual([3, 8, 9, 10]);
      speeches(t, { 3: 8, 8: 10 });
      const split = { 3: 8, 9: 8, 8: 10, 10: 10 };
      vote(t, split);
      endWords(t);
      vote(t, split);
      expect(result(t).ballot).toEqual({ kind: 'lift', candidates: [8, 10] });
      for (const s of [3, 8, 9, 10].slice(0, leave)) does(t, s, { type: 'vote', choice: 'leave' });
      t.jump();
      expect(t.state.ballots[2].leaves).toEqual(leave === 3 ? [8, 10] : []);
    }
  });

  it('the same leaders twice go to the lift-all vote; all leave with more than half of the living', () => {
    const t = tied();
    endWords(t);
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7 });
    expect(result(t).ballot).toEqual({ kind: 'lift', candidates: [7, 4] });
    for (const s of [1, 2, 3, 4, 5, 6]) does(t, s, { type: 'vote', choice: 'leave' });
    for (const s of [7, 8, 9]) does(t, s, { type: 'vote', choice: 'stay' });
    t.jump();
    expect(t.state.ballots[2]).toMatchObject({ kind: 'lift', tally: { leave: 6, stay: 4 }, leaves: [4, 7] });
    expect(result(t)).toMatchObject({ speaker: 4, alive: [1, 2, 3, 5, 6, 8, 9, 10] });
    endWords(t);
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1 });
  });

  it('in the lift-all vote silence is "stay": half of the living is not enough', () => {
    const t = tied();
    endWords(t);
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7 });
    for (const s of [1, 2, 3, 4, 5]) does(t, s, { type: 'vote', choice: 'leave' });
    t.jump();
    expect(t.state.ballots[2]).toMatchObject({ tally: { leave: 5, stay: 5 }, leaves: [] });
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 1 },
      alive: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
  });

  it('if every living player is tied, nobody leaves (setting: the game is a draw)', () => {
    for (const allTied of ['nobody', 'draw'] as const) {
      const t = sport({ allTied });
      day(t, 1);
      const noms = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => [s, s === 10 ? 1 : s + 1]));
      speeches(t, noms);
      vote(t, Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => [s, s])));
      if (allTied === 'nobody')
        expect(result(t)).toMatchObject({ phase: { kind: 'night' }, alive: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
      else expect(result(t)).toMatchObject({ over: true, winner: 'draw', winners: [] });
    }
  });
});

describe('sport preset: nights (C4, C5)', () => {
  it('C4: every living black shot once, all at one seat: a joint shot; players see only the result', () => {
    const t = sport();
    night(t, 1);
    shoot(t, 6);
    does(t, 9, { type: 'act', ability: 'check', target: 3 });
    does(t, 3, { type: 'act', ability: 'check', target: 9 });
    expect(result(t)).toMatchObject({
      phase: { kind: 'day', round: 2 },
      speaker: 6,
      eliminated: [{ seat: 6, how: 'shot', round: 1 }],
    });
    expect(seatView(t, 1).morning).toEqual({ round: 1, killed: [6] });
    expect(JSON.stringify(seatView(t, 1))).not.toContain('"ability":"shoot"');
    expect(t.state.nights[0].actions.filter((a) => a.ability === 'shoot').map((a) => a.seat)).toEqual([
      2, 5, 9,
    ]);
  });

  it('C4: any other pattern is a miss, and the morning says so', () => {
    const t = sport();
    night(t, 1);
    shoot(t, 6, [2, 5]);
    t.jump();
    expect(seatView(t, 1).morning).toEqual({ round: 1, killed: [] });
    expect(t.state.nights[0].outcomes).toEqual([
      { by: 'mafia', target: 6, killed: false, reason: 'notAllShot' },
    ]);
  });

  it('C5: the Don looks for the Sheriff and the Sheriff checks red or black, each answer only his own', () => {
    const t = sport();
    night(t, 1);
    does(t, 9, { type: 'act', ability: 'check', target: 3 });
    does(t, 3, { type: 'act', ability: 'check', target: 4 });
    refused(t.send(3, { type: 'act', ability: 'check', target: 5 }), 'already_acted');
    expect(seatView(t, 9).you?.checks).toEqual([{ round: 1, target: 3, result: 'sheriff' }]);
    expect(seatView(t, 3).you?.checks).toEqual([{ round: 1, target: 4, result: 'red' }]);
    expect(seatView(t, 2).you?.checks).toEqual([]);
  });

  it("a night's deaths take effect in the morning: the Sheriff shot that night still checks", () => {
    const t = sport();
    night(t, 1);
    shoot(t, 3);
    does(t, 3, { type: 'act', ability: 'check', target: 5 });
    expect(seatView(t, 3).you?.checks).toEqual([{ round: 1, target: 5, result: 'black' }]);
  });
});

describe('sport preset: last words', () => {
  it('60 s after a vote and 60 s at the start of the day after a night kill', () => {
    const t = sport();
    night(t, 1);
    shoot(t, 6);
    t.jump();
    expect(result(t)).toMatchObject({ speaker: 6, phase: { kind: 'day', round: 2, stage: 'lastWord' } });
    expect(t.nextDeadline()!.at - t.now).toBe(60_000);
  });

  it('none after the 4th foul', () => {
    const t = sport();
    day(t, 1);
    for (let i = 0; i < 4; i++) does(t, 'host', { type: 'foul', seat: 4 });
    expect(result(t)).toMatchObject({
      eliminated: [{ seat: 4, how: 'fouls', round: 1 }],
      phase: { stage: 'speech' },
    });
    expect(result(t).speaker).not.toBe(4);
  });
});

describe('sport preset: best move', () => {
  const killedNight1 = (extra = {}) => {
    const t = sport(extra);
    night(t, 1);
    shoot(t, 1);
    t.jump();
    return t;
  };

  it('the player killed on night 1 names three seats during his last word: +0.5 for three blacks', () => {
    const t = killedNight1();
    expect(t.state.bestMove).toEqual({ seat: 1, targets: null, open: true });
    refused(t.send(4, { type: 'bestMove', targets: [2, 5, 9] }), 'not_allowed');
    refused(t.send(1, { type: 'bestMove', targets: [2, 5, 5] }), 'bad_command');
    does(t, 1, { type: 'bestMove', targets: [9, 2, 5] });
    refused(t.send(1, { type: 'bestMove', targets: [2, 5, 9] }), 'not_allowed');
    finishAsRed(t);
    expect(pointsBySeat(t.state)![1]).toMatchObject({ win: 1, bestMove: 0.5, total: 1.5 });
  });

  it('two blacks right: +0.3; one: nothing; the older table gives 0.4 and 0.25', () => {
    const two = killedNight1();
    does(two, 1, { type: 'bestMove', targets: [2, 5, 4] });
    finishAsRed(two);
    expect(pointsBySeat(two.state)![1].bestMove).toBe(0.3);
    const old = killedNight1({ bestMovePoints: [0.4, 0.25] });
    does(old, 1, { type: 'bestMove', targets: [2, 5, 4] });
    finishAsRed(old);
    expect(pointsBySeat(old.state)![1].bestMove).toBe(0.25);
  });

  it('closes at the end of his last word', () => {
    const t = killedNight1();
    does(t, 1, { type: 'endSpeech' });
    refused(t.send(1, { type: 'bestMove', targets: [2, 5, 9] }), 'not_allowed');
  });

  it('a miss on night 1 means nobody gets it later', () => {
    const t = sport();
    night(t, 1);
    t.jump();
    day(t, 2);
    speeches(t);
    night(t, 2);
    shoot(t, 1);
    t.jump();
    expect(t.state.bestMove).toBeNull();
  });

  it('not when two players left by vote on day 1', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4 });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7 });
    endWords(t);
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7 });
    for (const s of [1, 2, 3, 4, 5, 6]) does(t, s, { type: 'vote', choice: 'leave' });
    t.jump();
    endWords(t);
    night(t, 1);
    shoot(t, 1);
    t.jump();
    expect(t.state.bestMove).toBeNull();
  });
});

/** Red wins by voting out the three blacks one day at a time (the rest of the table votes together). */
function finishAsRed(t: Table) {
  for (const black of [2, 5, 9]) {
    endWords(t);
    if (!t.state.alive.includes(black)) continue;
    if (t.state.phase.kind === 'over') return;
    until(t, { phase: { kind: 'day', stage: 'speech' } });
    const first = t.state.alive.find((s) => s !== black)!;
    speeches(t, { [first]: black });
    const votes = Object.fromEntries(t.state.alive.map((s) => [s, black]));
    vote(t, votes);
    endWords(t);
    if (t.state.phase.kind === 'night') t.jump();
  }
  expect(result(t)).toMatchObject({ over: true, winner: 'town' });
}

describe('sport preset: fouls, removals and points', () => {
  it('the 3rd foul takes the next speech: the turn comes without floor time, and he may still nominate', () => {
    const t = sport();
    day(t, 1);
    for (let i = 0; i < 3; i++) does(t, 'host', { type: 'foul', seat: 3 });
    does(t, 1, { type: 'endSpeech' });
    does(t, 2, { type: 'endSpeech' });
    expect(result(t)).toMatchObject({ speaker: 3 });
    expect(t.state.muted).toBe(true);
    does(t, 3, { type: 'nominate', target: 5 });
    expect(t.nextDeadline()!.at - t.now).toBe(10_000);
    t.jump();
    expect(result(t).speaker).toBe(4);
    expect(seatView(t, 1).seats[2].fouls).toBe(3);
  });

  it('with 3–4 alive the 3rd foul leaves him 30 s', () => {
    const t = sport({ thirdFoul: 'short' });
    day(t, 1);
    for (let i = 0; i < 3; i++) does(t, 'host', { type: 'foul', seat: 2 });
    does(t, 1, { type: 'endSpeech' });
    expect(t.state.muted).toBe(false);
    expect(t.nextDeadline()!.at - t.now).toBe(30_000);
  });

  it('the 3rd foul costs one speech only: the next day he speaks his full minute', () => {
    for (const thirdFoul of ['skip', 'short'] as const) {
      const t = sport({ thirdFoul });
      day(t, 1);
      for (let i = 0; i < 3; i++) does(t, 'host', { type: 'foul', seat: 4 });
      speeches(t);
      night(t, 1);
      day(t, 2);
      until(t, { speaker: 4, phase: { stage: 'speech' } });
      expect(t.state.muted).toBe(false);
      expect(t.nextDeadline()!.at - t.now).toBe(60_000);
    }
  });

  it('a defence is never taken by the 3rd foul', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4 });
    for (let i = 0; i < 3; i++) does(t, 'host', { type: 'foul', seat: 7 });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7 });
    expect(result(t)).toMatchObject({ speaker: 7, phase: { stage: 'defence' } });
    expect(t.state.muted).toBe(false);
  });

  it("the 4th foul removes the player at once, cancels the day's vote, and costs 0.5", () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4 });
    expect(result(t).phase.stage).toBe('vote');
    for (let i = 0; i < 4; i++) does(t, 'host', { type: 'foul', seat: 8 });
    expect(result(t)).toMatchObject({
      phase: { kind: 'night', round: 1 },
      eliminated: [{ seat: 8, how: 'fouls', round: 1 }],
      fouls: { 8: 4 },
    });
    expect(t.state.ballots).toEqual([]);
  });

  it('a player removed by his 4th foul gets no speech later that day: the floor passes to the next living seat', () => {
    // «4th foul: he leaves at once, without a last word» — nor with a speech of the day still to come.
    const t = sport();
    day(t, 1);
    expect(result(t).speaker).toBe(1);
    for (let i = 0; i < 4; i++) does(t, 'host', { type: 'foul', seat: 4 });
    does(t, 1, { type: 'endSpeech' });
    does(t, 2, { type: 'endSpeech' });
    does(t, 3, { type: 'endSpeech' });
    expect(result(t)).toMatchObject({ phase: { stage: 'speech' }, speaker: 5 });
    expect(t.state.agenda.some((step) => step.speaker === 4)).toBe(false);
  });

  it("a removal after the vote's result is known cancels the next day's vote instead", () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 7, 2: 4 });
    vote(t, { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7 });
    expect(result(t).speaker).toBe(7);
    does(t, 'host', { type: 'disqualify', seat: 8, reason: 'threats' });
    endWords(t);
    night(t, 1);
    t.jump();
    day(t, 2);
    speeches(t, { 2: 4, 3: 6 });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 2 });
  });

  it('disqualification costs 0.5, or 0.7 when it costs the team the game; extra points within the range', () => {
    const t = sport();
    day(t, 1);
    refused(t.send('host', { type: 'extraPoints', seat: 4, points: 1.5 }), 'not_allowed');
    does(t, 'host', { type: 'extraPoints', seat: 4, points: 0.3 });
    // blacks vote out reds until parity; a red disqualified at 4 v 3 hands black the game
    speeches(t, { 1: 4, 2: 6 });
    vote(t, { 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4 });
    endWords(t);
    night(t, 1);
    shoot(t, 1);
    day(t, 2);
    endWords(t);
    until(t, { phase: { stage: 'speech' } });
    speeches(t, { 2: 6, 3: 7 });
    vote(t, Object.fromEntries(t.state.alive.map((s) => [s, 6])));
    endWords(t);
    night(t, 2);
    expect(result(t).alive).toEqual([2, 3, 5, 7, 8, 9, 10]);
    does(t, 'host', { type: 'disqualify', seat: 10, reason: 'unsportsmanlike conduct' });
    expect(result(t)).toMatchObject({ over: true, winner: 'mafia' });
    const points = pointsBySeat(t.state)!;
    expect(points[10]).toMatchObject({ win: 0, penalty: -0.7, total: -0.7 });
    expect(points[4]).toMatchObject({ win: 0, extra: 0.3, total: 0.3 });
    expect(points[2].total).toBe(1);
    expect(t.state.disqualifications).toEqual([{ seat: 10, reason: 'unsportsmanlike conduct', round: 2 }]);
  });

  it('a draw after three nights and days in a row without anyone leaving', () => {
    const t = sport();
    day(t, 1);
    speeches(t);
    for (let round = 1; round <= 3; round++) {
      expect(result(t).over).toBe(false);
      night(t, round);
      t.jump();
      day(t, round + 1);
      speeches(t);
    }
    expect(result(t)).toMatchObject({ over: true, winner: 'draw', winners: [] });
    expect(pointsBySeat(t.state)![1].total).toBe(0);
  });
});

describe('sport preset: the end (C2)', () => {
  it('black wins when blacks are as many as reds, after the last word', () => {
    const t = sport();
    const alive = () => result(t).alive;
    day(t, 1);
    speeches(t, { 2: 1 });
    expect(result(t).phase.kind).toBe('night');
    for (let round = 1; alive().length > 6; round++) {
      night(t, round);
      const red = alive().find((s) => ![2, 5, 9].includes(s))!;
      shoot(t, red);
      t.jump();
      endWords(t);
      until(t, { phase: { stage: 'speech' } });
      const next = alive().find((s) => ![2, 5, 9].includes(s))!;
      speeches(t, { [alive()[0]]: next });
      if (t.state.phase.stage === 'vote') vote(t, Object.fromEntries(alive().map((s) => [s, next])));
      if (t.state.pendingWinner) break;
      endWords(t);
    }
    expect(result(t).over).toBe(false);
    expect(result(t).phase.stage).toBe('lastWord');
    endWords(t);
    expect(result(t)).toMatchObject({ over: true, winner: 'mafia', winners: [2, 5, 9] });
    expect(pointsBySeat(t.state)![9].total).toBe(1);
  });

  it('red wins when no black is left, checked after a 4th foul too', () => {
    const t = sport();
    day(t, 1);
    speeches(t, { 1: 2, 3: 5 });
    vote(t, Object.fromEntries([1, 3, 4, 6, 7, 8, 10, 2].map((s) => [s, 2])));
    endWords(t);
    night(t, 1);
    t.jump();
    day(t, 2);
    speeches(t, { 3: 5 });
    vote(t, Object.fromEntries(result(t).alive.map((s) => [s, 5])));
    endWords(t);
    night(t, 2);
    for (let i = 0; i < 4; i++) does(t, 'host', { type: 'foul', seat: 9 });
    expect(result(t)).toMatchObject({ over: true, winner: 'town', winners: [1, 3, 4, 6, 7, 8, 10] });
  });
});

describe('sport preset: the judge at a live table (moderator)', () => {
  const judged = () => givenGame({ preset: 'sport', timers }, 10, DEAL);

  it("records every move seat by seat, or only the night's result, and undoes a mis-recorded one", () => {
    const t = judged();
    expect(t.state.settings.master).toBe('moderator');
    does(t, 'host', { type: 'advance' });
    expect(result(t)).toMatchObject({ phase: { kind: 'day', round: 1, stage: 'speech' }, speaker: 1 });
    does(t, 'host', { type: 'nominate', target: 7, as: 1 });
    does(t, 'host', { type: 'undo' });
    does(t, 'host', { type: 'nominate', target: 4, as: 1 });
    for (let i = 0; i < 10; i++) does(t, 'host', { type: 'advance' });
    expect(result(t).phase).toMatchObject({ kind: 'night', round: 1, stage: 'wake' });
    does(t, 'host', { type: 'recordShot', target: 6 });
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'act', ability: 'check', target: 3, as: 9 });
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'act', ability: 'check', target: 9, as: 3 });
    refused(
      unchangedBy(t, () => t.send('host', { type: 'act', ability: 'check', target: 2, as: 9 })),
      'not_your_turn',
    );
    does(t, 'host', { type: 'advance' });
    expect(result(t)).toMatchObject({
      phase: { kind: 'day', round: 2 },
      speaker: 6,
      eliminated: [{ seat: 6, how: 'shot', round: 1 }],
    });
    expect(t.state.nights[0]).toMatchObject({ recordedShot: { target: 6 } });
  });
});

describe('sport preset: giving up', () => {
  it('a player who gives up leaves at once, without a last word, and loses 0.5', () => {
    const t = sport();
    day(t, 1);
    does(t, 4, { type: 'giveUp' });
    refused(t.send(4, { type: 'giveUp' }), 'dead_player');
    expect(result(t)).toMatchObject({
      eliminated: [{ seat: 4, how: 'gaveUp', round: 1 }],
      phase: { stage: 'speech' },
    });
    for (const black of [2, 5]) does(t, 'host', { type: 'disqualify', seat: black, reason: 'test' });
    for (let i = 0; i < 4; i++) does(t, 'host', { type: 'foul', seat: 9 });
    expect(result(t)).toMatchObject({ over: true, winner: 'town' });
    expect(pointsBySeat(t.state)![4]).toMatchObject({ win: 1, penalty: -0.5, total: 0.5 });
  });
});

describe('sport preset: the sheet in the views', () => {
  it('the judge sees the working sheet during the game; players see it only once the game is over', () => {
    const judged = givenGame({ preset: 'sport', timers }, 10, DEAL);
    expect(viewFor(judged.state, { kind: 'host' }).sheet?.final).toBe(false);
    expect(seatView(judged, 1).sheet).toBeNull();
    const t = sport();
    day(t, 1);
    for (const black of [2, 5, 9]) does(t, 'host', { type: 'disqualify', seat: black, reason: 'test' });
    expect(result(t).over).toBe(true);
    expect(seatView(t, 1).sheet?.final).toBe(true);
  });
});
