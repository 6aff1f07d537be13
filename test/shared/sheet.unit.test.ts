import { describe, expect, it } from 'vitest';
import { partialMatch } from '../../shared/audit/match.js';
import { buildSheet, type GameSheet } from '../../shared/audit/sheet.js';
import { renderSheetHtml } from '../../shared/audit/sheet-html.js';
import { Table } from '../../shared/play/table.js';
import { does, givenGame, ok, result, until } from '../support/game.js';

/** Blacks: mafiosi 2 and 5, the Don 9; the Sheriff 3; civilians 1, 4, 6, 7, 8, 10. */
const deal = { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' } as const;
const meta = { tournament: 'Autumn Cup', stage: 'Semi-final', table: 'B', game: '3' };
const timers = { intro: 60, speech: 60, defence: 30, vote: 20, lastWord: 60, lastWordNight: 60, mafia: 20 };

const sheetOf = (t: Table): GameSheet => buildSheet(t.state);
const at = (time: string) => `2026-01-01T${time}.000Z`;

function votes(t: Table, target: number, voters: number[]): void {
  for (const seat of voters) does(t, seat, { type: 'vote', target });
}

/** The automatic master: a seat's speech, in which he may nominate, then "thank you". */
function speaks(t: Table, seat: number, nominee?: number): void {
  until(t, { phase: { kind: 'day', stage: 'speech' }, speaker: seat });
  if (nominee !== undefined) does(t, seat, { type: 'nominate', target: nominee });
  does(t, seat, { type: 'endSpeech' });
}

/**
 * A whole game with the automatic master, won by black:
 * day 1 split 5–5 (three unused votes for the last candidate), revote, #4 out;
 * night 1 joint shot on #10, the Don finds the Sheriff, the Sheriff finds the Don; #10's best move names 2, 5, 9;
 * day 2 split 4–4 twice, lift-all vote 5 of 8: #3 and #9 out; night 2 a miss (2→1, 5→6);
 * day 3 #8 takes four fouls, the vote is cancelled; night 3 joint shot on #7: 2 blacks against 2 reds.
 */
function autoGame(): Table {
  const t = givenGame({ preset: 'sport', master: 'auto', timers, meta }, 10, deal);
  until(t, { phase: { kind: 'day', round: 1, stage: 'speech' }, speaker: 1 });
  t.wait(10);
  does(t, 'host', { type: 'foul', seat: 7 });
  speaks(t, 1, 4);
  speaks(t, 2, 6);
  for (const seat of [3, 4, 5, 6]) speaks(t, seat);
  t.wait(25);
  does(t, 'host', { type: 'foul', seat: 7 });
  for (const seat of [7, 8, 9, 10]) speaks(t, seat);
  until(t, { ballot: { kind: 'vote' } });
  votes(t, 4, [1, 2, 3, 5, 7]);
  votes(t, 6, [6, 8]);
  until(t, { ballot: { kind: 'revote' } });
  votes(t, 4, [1, 2, 3, 5, 6, 7]);
  until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
  for (const seat of [2, 5, 9]) does(t, seat, { type: 'act', ability: 'shoot', target: 10 });
  does(t, 9, { type: 'act', ability: 'check', target: 3 });
  does(t, 3, { type: 'act', ability: 'check', target: 9 });
  does(t, 10, { type: 'bestMove', targets: [2, 5, 9] });
  for (const [seat, nominee] of [[2], [3, 9], [5], [6], [7], [8], [9, 3], [1]]) speaks(t, seat, nominee);
  until(t, { ballot: { kind: 'vote' } });
  votes(t, 9, [3, 6, 7, 8]);
  votes(t, 3, [1, 2, 5]);
  until(t, { ballot: { kind: 'revote' } });
  votes(t, 9, [3, 6, 7, 8]);
  votes(t, 3, [1, 2, 5, 9]);
  until(t, { ballot: { kind: 'lift' } });
  for (const seat of [1, 3, 6, 7, 8]) does(t, seat, { type: 'vote', choice: 'leave' });
  for (const seat of [2, 5]) does(t, seat, { type: 'vote', choice: 'stay' });
  until(t, { phase: { kind: 'night', round: 2, stage: 'actions' } });
  does(t, 2, { type: 'act', ability: 'shoot', target: 1 });
  does(t, 5, { type: 'act', ability: 'shoot', target: 6 });
  speaks(t, 5, 1);
  until(t, { phase: { kind: 'day', stage: 'speech' }, speaker: 6 });
  for (let i = 0; i < 4; i++) {
    t.wait(5);
    does(t, 'host', { type: 'foul', seat: 8 });
  }
  until(t, { phase: { kind: 'night', round: 3, stage: 'actions' } });
  for (const seat of [2, 5]) does(t, seat, { type: 'act', ability: 'shoot', target: 7 });
  until(t, { over: true });
  does(t, 'host', { type: 'extraPoints', seat: 3, points: 0.2 });
  return t;
}

/** The judge at a live table records a seat's move. */
const records = (t: Table, seat: number, command: Record<string, unknown>) =>
  does(t, 'host', { ...command, as: seat });

/** The judge moves the game on ("next") until it matches `shape` (the result, and who is awake at night). */
function advanceTo(t: Table, shape: Record<string, unknown>): void {
  const now = () => ({ ...result(t), wake: t.state.wake });
  for (let i = 0; i < 40 && partialMatch(shape, now()) !== null; i++) does(t, 'host', { type: 'advance' });
  expect(partialMatch(shape, now())).toBeNull();
}
const speech = (round: number, seat: number) => ({
  phase: { kind: 'day', round, stage: 'speech' },
  speaker: seat,
});
const wake = (round: number, group: string) => ({
  phase: { kind: 'night', round, stage: 'wake' },
  wake: group,
});

/**
 * A whole game recorded by the judge (moderator), won by red:
 * day 1 a single nominee, no vote; night 1 the judge records a joint shot on #4, the Don checks #1, the
 * Sheriff #2; #4's best move names 2, 5, 7; day 2 #2 voted out 6–3; night 2 the judge records a miss and
 * disqualifies #5; day 3 the vote is cancelled; night 3 a joint shot on #3; day 4 the judge disqualifies the
 * Don, the last black.
 */
function judgedGame(): Table {
  const t = givenGame({ preset: 'sport', master: 'moderator', timers, meta }, 10, deal);
  const judge = (command: Record<string, unknown>) => does(t, 'host', command);
  advanceTo(t, speech(1, 1));
  records(t, 1, { type: 'nominate', target: 2 });
  advanceTo(t, { phase: { kind: 'night', round: 1, stage: 'wake' } });
  judge({ type: 'recordShot', target: 4 });
  advanceTo(t, wake(1, 'don'));
  records(t, 9, { type: 'act', ability: 'check', target: 1 });
  advanceTo(t, wake(1, 'sheriff'));
  records(t, 3, { type: 'act', ability: 'check', target: 2 });
  advanceTo(t, { phase: { kind: 'day', round: 2, stage: 'lastWord' }, speaker: 4 });
  does(t, 4, { type: 'bestMove', targets: [2, 5, 7] });
  advanceTo(t, speech(2, 3));
  records(t, 3, { type: 'nominate', target: 2 });
  advanceTo(t, speech(2, 6));
  records(t, 6, { type: 'nominate', target: 9 });
  advanceTo(t, { ballot: { kind: 'vote' } });
  for (const seat of [1, 3, 6, 7, 8, 10]) records(t, seat, { type: 'vote', target: 2 });
  for (const seat of [2, 5]) records(t, seat, { type: 'vote', target: 9 });
  advanceTo(t, wake(2, 'mafia'));
  judge({ type: 'recordShot', target: null });
  advanceTo(t, wake(2, 'don'));
  records(t, 9, { type: 'act', ability: 'check', target: 3 });
  judge({ type: 'disqualify', seat: 5, reason: 'Phone at the table' });
  advanceTo(t, wake(2, 'sheriff'));
  records(t, 3, { type: 'act', ability: 'check', target: 10 });
  advanceTo(t, speech(3, 3));
  records(t, 3, { type: 'nominate', target: 9 });
  advanceTo(t, wake(3, 'mafia'));
  judge({ type: 'recordShot', target: 3 });
  advanceTo(t, wake(3, 'don'));
  records(t, 9, { type: 'act', ability: 'check', target: 1 });
  advanceTo(t, wake(3, 'sheriff'));
  records(t, 3, { type: 'act', ability: 'check', target: 7 });
  advanceTo(t, speech(4, 6));
  t.wait(30);
  judge({ type: 'disqualify', seat: 9, reason: 'Insulted a player' });
  return t;
}

const played = { auto: autoGame(), judged: judgedGame() };
const autoSheet = sheetOf(played.auto);
const judgedSheet = sheetOf(played.judged);
const noPoints = { win: 0, bestMove: 0, extra: 0, penalty: 0, total: 0 };

describe('game sheet: header and seats (sport-rules "The game sheet (protocol)")', () => {
  it('the header is the tournament, stage, table and game from settings.meta, the date and the judge', () => {
    // given a finished game created on the virtual clock's first day by the host "Host"
    // then the header lists them in the sheet's order, and the protests start empty
    expect(autoSheet.header).toEqual({
      tournament: 'Autumn Cup',
      stage: 'Semi-final',
      date: '2026-01-01',
      table: 'B',
      game: '3',
      judge: 'Host',
    });
    expect(autoSheet.final).toBe(true);
    expect(autoSheet.protests).toEqual([]);
  });

  it('C2: one line per seat with the player and his role letter: S, M, D, blank for a civilian', () => {
    expect(autoSheet.seats.map((l) => [l.seat, l.player, l.role])).toEqual([
      [1, 'Player 1', ''],
      [2, 'Player 2', 'M'],
      [3, 'Player 3', 'S'],
      [4, 'Player 4', ''],
      [5, 'Player 5', 'M'],
      [6, 'Player 6', ''],
      [7, 'Player 7', ''],
      [8, 'Player 8', ''],
      [9, 'Player 9', 'D'],
      [10, 'Player 10', ''],
    ]);
  });

  it('for each player the way and the round he left: vote, night shot, fouls; the survivors stay blank', () => {
    expect(autoSheet.seats.map((l) => l.left)).toEqual([
      null,
      null,
      { how: 'vote', round: 2, reason: null },
      { how: 'vote', round: 1, reason: null },
      null,
      null,
      { how: 'shot', round: 3, reason: null },
      { how: 'fouls', round: 3, reason: null },
      { how: 'vote', round: 2, reason: null },
      { how: 'shot', round: 1, reason: null },
    ]);
  });

  it('Fouls: four boxes per player, each with the time and round of the foul; the 4th removes him', () => {
    // given two fouls for #7 on day 1 and four in 15 s for #8 during #6's speech on day 3
    const fouls = Object.fromEntries(autoSheet.seats.map((l) => [l.seat, l.fouls]));
    // then the boxes carry the clock of each foul
    expect(fouls[7]).toEqual([
      { at: at('00:01:10'), round: 1 },
      { at: at('00:01:35'), round: 1 },
    ]);
    expect(fouls[8]).toEqual([
      { at: at('00:09:00'), round: 3 },
      { at: at('00:09:05'), round: 3 },
      { at: at('00:09:10'), round: 3 },
      { at: at('00:09:15'), round: 3 },
    ]);
    expect([1, 2, 3, 4, 5, 6, 9, 10].every((seat) => fouls[seat].length === 0)).toBe(true);
  });

  it("Points: win 1.0, best move, the judge's extra points and the 4th-foul penalty −0.5, with the total", () => {
    // given black won, #10 named all three blacks, the judge gave #3 +0.2 and #8 left by his 4th foul
    const points = Object.fromEntries(autoSheet.seats.map((l) => [l.seat, l.points]));
    expect(points).toEqual({
      1: noPoints,
      2: { ...noPoints, win: 1, total: 1 },
      3: { ...noPoints, extra: 0.2, total: 0.2 },
      4: noPoints,
      5: { ...noPoints, win: 1, total: 1 },
      6: noPoints,
      7: noPoints,
      8: { ...noPoints, penalty: -0.5, total: -0.5 },
      9: { ...noPoints, win: 1, total: 1 },
      10: { ...noPoints, bestMove: 0.5, total: 0.5 },
    });
  });

  it('C2: the winning team is black when blacks reach the reds, red when no black is left', () => {
    // given black won two against two after night 3, and red once the judge removed the last black
    // then the sheet names the team by its colour
    expect(autoSheet.winner).toBe('black');
    expect(judgedSheet.winner).toBe('red');
  });

  it('Points: a disqualification costs −0.5, and −0.7 when it costs the team the game; the reason is kept', () => {
    // given the judge disqualified #5 at night 2 and the Don #9, the last black, on day 4
    const line = (seat: number) => judgedSheet.seats.find((l) => l.seat === seat);
    expect(line(5)).toMatchObject({
      left: { how: 'disqualified', round: 2, reason: 'Phone at the table' },
      points: { ...noPoints, penalty: -0.5, total: -0.5 },
    });
    expect(line(9)).toMatchObject({
      left: { how: 'disqualified', round: 4, reason: 'Insulted a player' },
      points: { ...noPoints, penalty: -0.7, total: -0.7 },
    });
    // and every red wins, the first killed with his best move on top
    expect(judgedSheet.seats.map((l) => l.points?.total)).toEqual([1, 0, 1, 1.3, -0.5, 1, 1, 1, -0.7, 1]);
  });
});

describe('game sheet: voting tables (sport-rules "Day", "Voting", "Split")', () => {
  it('day 1: nominations in order; whoever did not vote counts for the last candidate; a split goes to a revote', () => {
    expect(autoSheet.days[0]).toEqual({
      round: 1,
      nominations: [
        { by: 1, target: 4 },
        { by: 2, target: 6 },
      ],
      ballots: [
        {
          kind: 'vote',
          candidates: [4, 6],
          tally: { 4: 5, 6: 5 },
          voters: { 4: [1, 2, 3, 5, 7], 6: [4, 6, 8, 9, 10] },
          votes: { 1: 4, 2: 4, 3: 4, 5: 4, 6: 6, 7: 4, 8: 6 },
          unused: [4, 9, 10],
          leaders: [4, 6],
          leaves: [],
          decided: 'revote',
        },
        {
          kind: 'revote',
          candidates: [4, 6],
          tally: { 4: 6, 6: 4 },
          voters: { 4: [1, 2, 3, 5, 6, 7], 6: [4, 8, 9, 10] },
          votes: { 1: 4, 2: 4, 3: 4, 5: 4, 6: 4, 7: 4 },
          unused: [4, 8, 9, 10],
          leaders: [4],
          leaves: [4],
          decided: 'out',
        },
      ],
      result: 'out',
      leaves: [4],
    });
  });

  it('day 2: the same split twice goes to the lift-all vote; 5 of 8 for "leave" (more than half) sends both out', () => {
    const day = autoSheet.days[1];
    expect(day.nominations).toEqual([
      { by: 3, target: 9 },
      { by: 9, target: 3 },
    ]);
    expect(day.ballots.map((b) => [b.kind, b.candidates, b.tally, b.voters, b.unused, b.decided])).toEqual([
      ['vote', [9, 3], { 9: 4, 3: 4 }, { 9: [3, 6, 7, 8], 3: [1, 2, 5, 9] }, [9], 'revote'],
      ['revote', [9, 3], { 9: 4, 3: 4 }, { 9: [3, 6, 7, 8], 3: [1, 2, 5, 9] }, [], 'lift'],
      ['lift', [9, 3], { leave: 5, stay: 3 }, { leave: [1, 3, 6, 7, 8], stay: [2, 5, 9] }, [9], 'allOut'],
    ]);
    expect(day.ballots[2].votes).toEqual({
      1: 'leave',
      2: 'stay',
      3: 'leave',
      5: 'stay',
      6: 'leave',
      7: 'leave',
      8: 'leave',
    });
    expect(day).toMatchObject({ result: 'out', leaves: [3, 9] });
  });

  it("Fouls: a player leaving by his 4th foul cancels the day's vote; the nomination stays on the sheet", () => {
    expect(autoSheet.days[2]).toEqual({
      round: 3,
      nominations: [{ by: 5, target: 1 }],
      ballots: [],
      result: 'cancelled',
      leaves: [],
    });
    expect(autoSheet.days).toHaveLength(3);
  });

  it('Day: day 1 with exactly one nominee holds no vote', () => {
    expect(judgedSheet.days[0]).toEqual({
      round: 1,
      nominations: [{ by: 1, target: 2 }],
      ballots: [],
      result: 'noVote',
      leaves: [],
    });
  });

  it("Fouls: a disqualification at night cancels the nearest vote, the next day's", () => {
    expect(judgedSheet.days.map((d) => [d.round, d.result, d.leaves])).toEqual([
      [1, 'noVote', []],
      [2, 'out', [2]],
      [3, 'cancelled', []],
      [4, 'noVote', []],
    ]);
    expect(judgedSheet.days[1].ballots).toEqual([
      {
        kind: 'vote',
        candidates: [2, 9],
        tally: { 2: 6, 9: 3 },
        voters: { 2: [1, 3, 6, 7, 8, 10], 9: [2, 5, 9] },
        votes: { 1: 2, 2: 9, 3: 2, 5: 9, 6: 2, 7: 2, 8: 2, 10: 2 },
        unused: [9],
        leaders: [2],
        leaves: [2],
        decided: 'out',
      },
    ]);
    expect(judgedSheet.days[2].nominations).toEqual([{ by: 3, target: 9 }]);
  });

  it('Split: with 9 alive and three tied twice there is no lift-all vote; nobody leaves', () => {
    // given the judge's table: no nominee on day 1, a joint shot on #10, three nominees on day 2
    const t = givenGame({ preset: 'sport', master: 'moderator', timers, meta }, 10, deal);
    advanceTo(t, { phase: { kind: 'night', round: 1, stage: 'wake' } });
    does(t, 'host', { type: 'recordShot', target: 10 });
    for (const [seat, nominee] of [
      [2, 1],
      [3, 4],
      [5, 6],
    ]) {
      advanceTo(t, speech(2, seat));
      records(t, seat, { type: 'nominate', target: nominee });
    }
    // when the town splits 3–3–3 twice
    const split = (unused: number[]) => {
      for (const [target, voters] of [
        [1, [2, 3, 5]],
        [4, [1, 4, 6]],
        [6, [7, 8, 9]],
      ] as const)
        for (const seat of voters) if (!unused.includes(seat)) records(t, seat, { type: 'vote', target });
    };
    advanceTo(t, { ballot: { kind: 'vote' } });
    split([9]);
    advanceTo(t, { ballot: { kind: 'revote' } });
    split([]);
    advanceTo(t, { phase: { kind: 'night', round: 2 } });
    // then the sheet shows the revote deciding nothing, and no lift-all ballot
    const day = sheetOf(t).days[1];
    expect(day.ballots.map((b) => [b.kind, b.tally, b.unused, b.decided])).toEqual([
      ['vote', { 1: 3, 4: 3, 6: 3 }, [9], 'revote'],
      ['revote', { 1: 3, 4: 3, 6: 3 }, [], 'nobody'],
    ]);
    expect(day).toMatchObject({ result: 'nobody', leaves: [] });
  });
});

describe('game sheet: nights (C4, C5, sport-rules "Night 1 and later")', () => {
  it("each black's shot, the joint shot or the miss, the Don's and the Sheriff's check with its answer", () => {
    expect(autoSheet.nights).toEqual([
      {
        round: 1,
        shots: [
          { seat: 2, target: 10 },
          { seat: 5, target: 10 },
          { seat: 9, target: 10 },
        ],
        recorded: false,
        result: 'joint',
        target: 10,
        reason: 'killed',
        deaths: [10],
        donCheck: { seat: 9, target: 3, result: 'sheriff' },
        sheriffCheck: { seat: 3, target: 9, result: 'black' },
      },
      {
        round: 2,
        shots: [
          { seat: 2, target: 1 },
          { seat: 5, target: 6 },
        ],
        recorded: false,
        result: 'miss',
        target: null,
        reason: 'splitTargets',
        deaths: [],
        donCheck: null,
        sheriffCheck: null,
      },
      {
        round: 3,
        shots: [
          { seat: 2, target: 7 },
          { seat: 5, target: 7 },
        ],
        recorded: false,
        result: 'joint',
        target: 7,
        reason: 'killed',
        deaths: [7],
        donCheck: null,
        sheriffCheck: null,
      },
    ]);
  });

  it('C4: a black who does not shoot is "none" and the night is a miss, though the others agreed', () => {
    const t = givenGame({ preset: 'sport', master: 'auto', timers, meta }, 10, deal);
    until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
    for (const seat of [2, 5]) does(t, seat, { type: 'act', ability: 'shoot', target: 1 });
    until(t, { phase: { kind: 'day', round: 2, stage: 'speech' } });
    expect(sheetOf(t).nights[0]).toMatchObject({
      shots: [
        { seat: 2, target: 1 },
        { seat: 5, target: 1 },
        { seat: 9, target: null },
      ],
      result: 'miss',
      target: 1,
      reason: 'notAllShot',
      deaths: [],
    });
    // and (Best move) a miss on night 1 means nobody gets the best move
    expect(sheetOf(t).bestMove).toBeNull();
  });

  it('C4: where the judge records only the result the sheet keeps it, and both checks still, every night', () => {
    expect(
      judgedSheet.nights.map((n) => [n.round, n.shots, n.recorded, n.result, n.target, n.deaths]),
    ).toEqual([
      [1, [], true, 'joint', 4, [4]],
      [2, [], true, 'miss', null, []],
      [3, [], true, 'joint', 3, [3]],
    ]);
    expect(judgedSheet.nights.map((n) => [n.donCheck, n.sheriffCheck])).toEqual([
      [
        { seat: 9, target: 1, result: 'notSheriff' },
        { seat: 3, target: 2, result: 'black' },
      ],
      [
        { seat: 9, target: 3, result: 'sheriff' },
        { seat: 3, target: 10, result: 'red' },
      ],
      // a Sheriff shot that night still makes his check
      [
        { seat: 9, target: 1, result: 'notSheriff' },
        { seat: 3, target: 7, result: 'red' },
      ],
    ]);
  });
});

describe('game sheet: best move (sport-rules "Best move")', () => {
  it('three blacks named: +0.5', () => {
    expect(autoSheet.bestMove).toEqual({
      seat: 10,
      player: 'Player 10',
      targets: [2, 5, 9],
      blacks: 3,
      bonus: 0.5,
    });
  });

  it('two blacks named: +0.3, on top of the win', () => {
    expect(judgedSheet.bestMove).toEqual({
      seat: 4,
      player: 'Player 4',
      targets: [2, 5, 7],
      blacks: 2,
      bonus: 0.3,
    });
    expect(judgedSheet.seats[3].points).toEqual({ win: 1, bestMove: 0.3, extra: 0, penalty: 0, total: 1.3 });
  });

  it('two players voted out on day 1: the first killed gets no best move', () => {
    // given a lift-all vote sends #4 and #6 out on day 1
    const t = givenGame({ preset: 'sport', master: 'auto', timers, meta }, 10, deal);
    speaks(t, 1, 4);
    speaks(t, 2, 6);
    for (const kind of ['vote', 'revote'] as const) {
      until(t, { ballot: { kind } });
      votes(t, 4, [1, 2, 3, 5, 7]);
      votes(t, 6, [4, 6, 8, 9, 10]);
    }
    until(t, { ballot: { kind: 'lift' } });
    for (const seat of [1, 2, 3, 4, 5, 6]) does(t, seat, { type: 'vote', choice: 'leave' });
    // when the blacks kill #10 on night 1
    until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
    for (const seat of [2, 5, 9]) does(t, seat, { type: 'act', ability: 'shoot', target: 10 });
    until(t, { phase: { kind: 'day', round: 2, stage: 'lastWord' }, speaker: 10 });
    // then the sheet has the lift-all vote and no best move
    const sheet = sheetOf(t);
    expect(sheet.days[0].ballots.map((b) => b.decided)).toEqual(['revote', 'lift', 'allOut']);
    expect(sheet.days[0].leaves).toEqual([4, 6]);
    expect(sheet.bestMove).toBeNull();
  });
});

describe("game sheet: the judge's working copy", () => {
  it('before the end: roles shown, final false, no points and no winner; a split under way is pending', () => {
    // given day 1 split 5–5 and the defences under way
    const t = givenGame({ preset: 'sport', master: 'auto', timers, meta }, 10, deal);
    speaks(t, 1, 4);
    speaks(t, 2, 6);
    until(t, { ballot: { kind: 'vote' } });
    votes(t, 4, [1, 2, 3, 5, 7]);
    votes(t, 6, [4, 6, 8, 9, 10]);
    until(t, { phase: { stage: 'defence' } });
    const sheet = sheetOf(t);
    expect(sheet.final).toBe(false);
    expect(sheet.winner).toBeNull();
    expect(sheet.seats.map((l) => l.role).join('')).toBe('MSMD');
    expect(sheet.seats.every((l) => l.points === null)).toBe(true);
    expect(sheet.days).toEqual([
      expect.objectContaining({
        result: 'pending',
        ballots: [expect.objectContaining({ decided: 'pending' })],
      }),
    ]);
    expect(renderSheetHtml(sheet)).toContain('Working copy');
  });

  it('is plain data: JSON round-trips it unchanged', () => {
    expect(JSON.parse(JSON.stringify(autoSheet))).toEqual(autoSheet);
  });
});

describe('game sheet: fouls and removals at the edges of a phase', () => {
  it('Fouls: a player killed at night still takes a foul in his last word, in his own box', () => {
    const t = givenGame({ preset: 'sport', master: 'auto', timers, meta }, 10, deal);
    until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
    for (const seat of [2, 5, 9]) does(t, seat, { type: 'act', ability: 'shoot', target: 10 });
    until(t, { phase: { kind: 'day', round: 2, stage: 'lastWord' }, speaker: 10 });
    does(t, 'host', { type: 'foul', seat: 10 });
    expect(sheetOf(t).seats[9].fouls).toEqual([{ at: new Date(t.now).toISOString(), round: 2 }]);
    expect(result(t).alive).not.toContain(10);
  });

  it('End: a night in which a player is disqualified is not quiet; the draw comes three nights and days later', () => {
    const t = givenGame({ preset: 'sport', master: 'moderator', timers, meta }, 10, deal);
    const nightWithoutShot = (round: number) => {
      advanceTo(t, wake(round, 'mafia'));
      does(t, 'host', { type: 'recordShot', target: null });
    };
    nightWithoutShot(1);
    does(t, 'host', { type: 'disqualify', seat: 8, reason: 'Left the table' });
    for (const round of [2, 3]) nightWithoutShot(round);
    // when day 4 ends: quiet since #8 left are nights 2 and 3 and days 3 and 4 only
    const nightFourOrOver = () =>
      result(t).over || partialMatch({ kind: 'night', round: 4 }, result(t).phase) === null;
    while (!nightFourOrOver()) does(t, 'host', { type: 'advance' });
    expect(sheetOf(t).winner).toBeNull();
    // then after night 4 and day 5 the game is drawn
    nightWithoutShot(4);
    advanceTo(t, { over: true });
    expect(sheetOf(t)).toMatchObject({ final: true, winner: 'draw' });
  });
});

/** The cells of every row of every `<table class="…">`, as text. */
function cells(page: string, tableClass: string): string[][] {
  const text = (cell: string) =>
    cell
      .replace(/<br>/g, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const tables = [...page.matchAll(new RegExp(`<table class="${tableClass}">([\\s\\S]*?)</table>`, 'g'))];
  return tables.flatMap(([, body]) =>
    [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .map(([, row]) => [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, c]) => text(c)))
      .filter((row) => row.length > 0),
  );
}

describe('renderSheetHtml', () => {
  const page = renderSheetHtml(autoSheet);

  it('is one self-contained printable page: inline CSS with the A4 page rule, nothing loaded from outside', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toMatch(/@page\s*\{\s*size:\s*A4/);
    expect(page).not.toMatch(/<script|<link|\ssrc=|url\(/i);
    expect(page).toContain('Protests');
    expect(page).toContain('Judge’s signature');
  });

  it('lists every seat with its fouls, how he left and his points split', () => {
    expect(cells(page, 'seats')).toEqual([
      ['1', 'Player 1', '', '', '', '', '', '', '0', '0', '0', '0', '0'],
      ['2', 'Player 2', 'M', '', '', '', '', '', '1', '0', '0', '0', '1'],
      ['3', 'Player 3', 'S', '', '', '', '', 'voted out, day 2', '0', '0', '0.2', '0', '0.2'],
      ['4', 'Player 4', '', '', '', '', '', 'voted out, day 1', '0', '0', '0', '0', '0'],
      ['5', 'Player 5', 'M', '', '', '', '', '', '1', '0', '0', '0', '1'],
      ['6', 'Player 6', '', '', '', '', '', '', '0', '0', '0', '0', '0'],
      ['7', 'Player 7', '', '00:01:10 r1', '00:01:35 r1', '', '', 'shot, night 3', '0', '0', '0', '0', '0'],
      [
        '8',
        'Player 8',
        '',
        '00:09:00 r3',
        '00:09:05 r3',
        '00:09:10 r3',
        '00:09:15 r3',
        '4th foul, round 3',
        '0',
        '0',
        '0',
        '-0.5',
        '-0.5',
      ],
      ['9', 'Player 9', 'D', '', '', '', '', 'voted out, day 2', '1', '0', '0', '0', '1'],
      ['10', 'Player 10', '', '', '', '', '', 'shot, night 1', '0', '0.5', '0', '0', '0.5'],
    ]);
  });

  it('has every ballot with its votes per candidate and who raised a hand, and every night', () => {
    expect(cells(page, 'day')).toEqual([
      ['Vote', '5 (1, 2, 3, 5, 7)', '5 (6, 8; unused 4, 9, 10)', 'split → revote'],
      ['Revote', '6 (1, 2, 3, 5, 6, 7)', '4 (unused 4, 8, 9, 10)', 'out #4'],
      ['Vote', '4 (3, 6, 7, 8)', '4 (1, 2, 5; unused 9)', 'split → revote'],
      ['Revote', '4 (3, 6, 7, 8)', '4 (1, 2, 5, 9)', 'same split → lift-all vote'],
      ['Lift all', 'leave 5 (1, 3, 6, 7, 8) · stay 3 (2, 5; unused 9)', 'all leave #3, #9'],
    ]);
    expect(page).toContain('Day 3 · nominated 5→1 · vote cancelled');
    expect(cells(page, 'nights')).toEqual([
      ['1', '2→10, 5→10, 9→10', 'joint shot #10', '9: #3 Sheriff', '3: #9 black'],
      ['2', '2→1, 5→6', 'miss', '—', '—'],
      ['3', '2→7, 5→7', 'joint shot #7', '—', '—'],
    ]);
    expect(page).toContain('Black (mafia)');
    expect(page).toContain('#10 Player 10: 2, 5, 9 — 3 black, +0.5');
  });

  it('escapes every text: player names, the header and a disqualification reason are user input', () => {
    // given a table whose names, tournament and judge carry markup
    const t = new Table();
    ok(
      t.create(
        { preset: 'sport', master: 'moderator', dealing: 'manual', meta: { tournament: '<b>Cup</b>' } },
        '<i>Judge</i>',
      ),
    );
    const names = ['<script>alert("x")</script>', 'Tom & "Jerry"'];
    for (let seat = 1; seat <= 10; seat++) ok(t.join(names[seat - 1] ?? `Player ${seat}`, seat));
    for (const [seat, role] of Object.entries(deal))
      ok(t.command('host', { type: 'assignRole', seat: Number(seat), role }));
    ok(t.command('host', { type: 'start' }));
    advanceTo(t, speech(1, 1));
    does(t, 'host', { type: 'disqualify', seat: 2, reason: "<img src=x onerror=alert('y')>" });
    // when the sheet is printed
    const html = renderSheetHtml(sheetOf(t));
    // then no markup of theirs survives, and their text does
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(html).toContain('&lt;b&gt;Cup&lt;/b&gt;');
    expect(html).toContain('&lt;i&gt;Judge&lt;/i&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(&#39;y&#39;)&gt;');
    expect(cells(html, 'seats')[0][1]).toBe('<script>alert("x")</script>');
  });
});
