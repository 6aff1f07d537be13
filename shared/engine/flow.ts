import type { HowEliminated, PhaseKind, Seat } from '../domain/vocabulary.js';
import type { BallotRecord, Step } from '../log/records.js';
import {
  ABILITIES,
  introGroupsOf,
  mafiaDealt,
  ROLES,
  TEAMS,
  type WakeGroup,
  wakeGroupsOf,
} from '../roles/index.js';
import { PRESETS } from '../rules/presets.js';
import { ruleSetOf } from '../rules/rule-sets.js';
import type { DayFormat, Settings } from '../rules/settings.js';
import type { GameState } from './state.js';
import { emit, type Tx } from './tx.js';
import { winnerNow, winnersOf } from './win.js';

/** A turn taken by the 3rd foul still comes, with only this long to nominate (sport). */
export const MUTED_TURN_SECONDS = 10;

const phaseLetter: Record<PhaseKind, string> = { lobby: 'lobby', night: 'n', day: 'd', over: 'over' };

export function startStep(tx: Tx, kind: PhaseKind, round: number, step: Step, agenda: Step[]): void {
  const s = tx.state;
  let { seconds } = step;
  let muted = step.muted ?? false;
  if (step.stage === 'speech' && step.speaker !== null && s.silenced.includes(step.speaker)) {
    // The 3rd foul takes the next speech; with 3–4 alive, or by setting, it only halves it.
    const short = s.settings.thirdFoul === 'short' || s.alive.length <= 4;
    muted = !short;
    seconds = short ? s.settings.timers.shortSpeech : MUTED_TURN_SECONDS;
  }
  const id = `${phaseLetter[kind]}${round}.${step.stage}.${s.step + 1}`;
  const ms = seconds * 1000;
  emit(tx, {
    type: 'stepStarted',
    phase: { id, kind, round, stage: step.stage },
    speaker: step.speaker,
    muted,
    wake: step.wake ?? null,
    agenda,
    deadline:
      ms > 0 ? { id, at: tx.meta.now + ms, remaining: ms, advisory: s.settings.master !== 'auto' } : null,
    at: tx.meta.now,
  });
}

/** A speech or defence of a player who has left since the agenda was made is not held: the floor passes on. */
const heldBy = (s: GameState, step: Step): boolean =>
  (step.stage !== 'speech' && step.stage !== 'defence') ||
  step.speaker === null ||
  s.alive.includes(step.speaker);

function runAgenda(tx: Tx, kind: PhaseKind, round: number, steps: Step[]): boolean {
  const due = steps.filter((step) => heldBy(tx.state, step));
  if (due.length === 0) return false;
  startStep(tx, kind, round, due[0], due.slice(1));
  return true;
}

/** After the deal: an introduction night (A8, B5, C3, C10, E1) or straight to day 1 (A9). */
export function beginPlay(tx: Tx): void {
  const { introNight } = tx.state.settings;
  const intro = introNight === 'always' || (introNight === 'auto' && mafiaDealt(tx.state) >= 2);
  if (intro) beginNight(tx, 0);
  else beginDay(tx, 1);
}

export function eliminate(tx: Tx, seat: Seat, how: HowEliminated, round: number): void {
  emit(tx, { type: 'playerEliminated', seat, how, round });
  ruleSetOf(tx.state).afterElimination(tx, seat, how);
  const s = tx.state;
  if (s.pendingWinner) return; // a removal during the final last word does not change the result
  const team = ruleSetOf(s).teamOf(s, seat);
  if (how === 'vote' && team && TEAMS[team].votedOut && s.settings.jesterEndsGame) {
    emit(tx, { type: 'winDecided', winner: team, winners: [seat] });
    return;
  }
  const winner = winnerNow(s);
  if (winner) emit(tx, { type: 'winDecided', winner, winners: winnersOf(s, winner) });
}

export function endGameNow(tx: Tx): void {
  const w = tx.state.pendingWinner;
  if (w) emit(tx, { type: 'gameEnded', winner: w.winner, winners: w.winners });
}

const lastWordSteps = (seats: Seat[], seconds: number): Step[] =>
  seconds > 0 ? seats.map((seat) => ({ stage: 'lastWord', speaker: seat, seconds })) : [];

/** Living seats in seat order, starting at `from` (or the next living seat after it). */
function circleFrom(alive: Seat[], from: Seat): Seat[] {
  const i = alive.findIndex((x) => x >= from);
  return i < 0 ? alive : [...alive.slice(i), ...alive.slice(0, i)];
}

function firstSpeakerOf(s: GameState, round: number): Seat | null {
  if (s.alive.length === 0) return null;
  // C21, E6: each day passes the first speech on to the next living player — or not, by setting.
  if (round === 1 || s.previousFirstSpeaker === null || !s.settings.rotateFirstSpeaker) return s.alive[0];
  return circleFrom(s.alive, s.previousFirstSpeaker + 1)[0];
}

export function beginDay(tx: Tx, round: number): void {
  const report = tx.state.lastNight;
  const deaths = report && report.round === round - 1 ? report.deaths : [];
  for (const d of deaths) eliminate(tx, d.seat, d.how, report!.round);
  emit(tx, { type: 'dayBegan', round, firstSpeaker: firstSpeakerOf(tx.state, round) });
  const s = tx.state;
  if (s.settings.bestMove && report?.round === 1 && deaths.length === 1) {
    const votedOutDay1 = s.eliminated.filter((e) => e.how === 'vote' && e.round === 1).length;
    if (votedOutDay1 < 2) emit(tx, { type: 'bestMoveOffered', seat: deaths[0].seat });
  }
  const words = lastWordSteps(
    deaths.map((d) => d.seat),
    s.settings.timers.lastWordNight,
  );
  if (tx.state.pendingWinner) {
    if (!runAgenda(tx, 'day', round, words)) endGameNow(tx);
    return;
  }
  runAgenda(tx, 'day', round, [...words, ...talkSteps(tx.state, round)]);
  if (s.settings.voting === 'majority') emit(tx, { type: 'ballotOpened', kind: 'vote', candidates: [] });
}

/** The day's talk in the rule set's order (C19), the first day in a format of its own if it has one (C20). */
function talkSteps(s: GameState, round: number): Step[] {
  const t = s.settings.timers;
  if (s.settings.voting === 'majority') return [{ stage: 'discussion', speaker: null, seconds: t.day }];
  const { firstDayFormat, dayFormat } = s.settings;
  const format = round === 1 && firstDayFormat !== 'same' ? firstDayFormat : dayFormat;
  const first = s.day?.firstSpeaker ?? s.alive[0];
  const parts: Record<TalkPart, Step[]> = {
    discussion: [{ stage: 'discussion', speaker: null, seconds: t.discussion }],
    speeches: circleFrom(s.alive, first).map((seat) => ({
      stage: 'speech',
      speaker: seat,
      seconds: t.speech,
    })),
  };
  return DAY_FORMAT_PARTS[format].flatMap((part) => parts[part]);
}

type TalkPart = 'discussion' | 'speeches';

/** Each day format as the parts of its talk, in order (C19, C20). */
const DAY_FORMAT_PARTS: Record<DayFormat, readonly TalkPart[]> = {
  speeches: ['speeches'],
  discussion: ['discussion'],
  discussionThenSpeeches: ['discussion', 'speeches'],
  speechesThenDiscussion: ['speeches', 'discussion'],
};

/** The wake groups that have someone alive to wake tonight, in the rule set's order (C12, E13). */
export const wakeGroupsTonight = (s: GameState): WakeGroup[] =>
  wakeGroupsOf(s, PRESETS[s.settings.preset].wakeOrder);

/**
 * Every wake group of the deal, dead or alive, in the rule set's order. A narrated night calls each of them
 * for the same time, so the number and length of its steps do not tell the table whose role left the game.
 */
export const wakeGroupsOfDeal = (s: GameState): WakeGroup[] =>
  PRESETS[s.settings.preset].wakeOrder.filter((wake) =>
    Object.values(s.roles).some((role) => ROLES[role].abilities.some((key) => ABILITIES[key].wake === wake)),
  );

export function beginNight(tx: Tx, round: number): void {
  emit(tx, { type: 'nightBegan', round });
  const s = tx.state;
  const t = s.settings.timers;
  if (round === 0) {
    const script = s.settings.introScript && s.settings.master !== 'auto';
    const groups = script ? introGroupsOf(s, PRESETS[s.settings.preset].wakeOrder) : [];
    const steps: Step[] = groups.map((wake) => ({ stage: 'intro', speaker: null, seconds: t.wake, wake }));
    if (!runAgenda(tx, 'night', 0, steps))
      startStep(tx, 'night', 0, { stage: 'intro', speaker: null, seconds: t.intro }, []);
    return;
  }
  if (s.settings.master === 'auto') {
    startStep(
      tx,
      'night',
      round,
      { stage: 'actions', speaker: null, seconds: Math.max(t.mafia, t.night) },
      [],
    );
    return;
  }
  const wakes: Step[] = wakeGroupsOfDeal(s).map((wake) => ({
    stage: 'wake',
    speaker: null,
    seconds: wake === 'mafia' ? t.wake * 2 : t.wake,
    wake,
  }));
  if (!runAgenda(tx, 'night', round, wakes)) finishNight(tx);
}

export function finishNight(tx: Tx): void {
  const s = tx.state;
  const round = s.phase.round;
  if (round > 0) {
    const rules = ruleSetOf(s);
    rules.resolveNight(tx);
    const report = tx.state.lastNight ?? { deaths: [] };
    // D16: the night's points may bring the lair its victory with nobody eliminated.
    const onPoints = rules.winsOnNight && !tx.state.pendingWinner ? winnerNow(tx.state) : null;
    if (onPoints) emit(tx, { type: 'winDecided', winner: onPoints, winners: winnersOf(tx.state, onPoints) });
    countQuiet(tx, report.deaths.length === 0 && tx.state.eliminated.length === tx.state.leftBefore, true);
    if (tx.state.pendingWinner) return endGameNow(tx);
  }
  beginDay(tx, round + 1);
}

/** Sport's draw: three nights and days in a row, counting from a night, without anyone leaving. */
function countQuiet(tx: Tx, quiet: boolean, night: boolean): void {
  const s = tx.state;
  const limit = s.settings.drawAfterQuietRounds;
  if (limit === 0) return;
  const next = !quiet ? 0 : night || s.quiet > 0 ? s.quiet + 1 : 0;
  if (next !== s.quiet) emit(tx, { type: 'quietCounted', quiet: next });
  if (next >= limit * 2 && !tx.state.pendingWinner)
    emit(tx, { type: 'winDecided', winner: 'draw', winners: [] });
}

export function endDayNow(tx: Tx): void {
  const s = tx.state;
  countQuiet(tx, s.eliminated.length === s.leftBefore, false);
  if (tx.state.pendingWinner) return endGameNow(tx);
  beginNight(tx, s.phase.round);
}

/** The day's talk is over: the vote, if the rules hold one today (C11, C26, E8). */
function afterTalk(tx: Tx): void {
  const s = tx.state;
  const day = s.day;
  const round = s.phase.round;
  if (!day || s.settings.voting === 'majority' || day.voteCancelled) return endDayNow(tx);
  if (round === 1 && s.settings.firstDay === 'noVote') return endDayNow(tx);
  const candidates = candidatesOf(s);
  const min = round === 1 ? s.settings.minCandidatesDay1 : s.settings.minCandidates;
  if (candidates.length === 0 || candidates.length < min) return endDayNow(tx);
  // C13: the candidates speak in their defence before the vote, where the rules give them that.
  if (s.settings.defenceBeforeVote && runAgenda(tx, 'day', round, defenceSteps(s, candidates))) return;
  openBallot(tx, 'vote', candidates);
}

const candidatesOf = (s: GameState): Seat[] =>
  (s.day?.nominations ?? []).map((n) => n.target).filter((seat) => s.alive.includes(seat));

const defenceSteps = (s: GameState, seats: Seat[]): Step[] =>
  seats.map((seat) => ({ stage: 'defence', speaker: seat, seconds: s.settings.timers.defence }));

function openBallot(tx: Tx, kind: 'vote' | 'revote' | 'lift', candidates: Seat[]): void {
  emit(tx, { type: 'ballotOpened', kind, candidates });
  startStep(
    tx,
    'day',
    tx.state.phase.round,
    { stage: 'vote', speaker: null, seconds: tx.state.settings.timers.vote },
    [],
  );
}

/**
 * Counts a closed ballot. Unused votes go to the last candidate where the rules say so (C27). A player
 * removed while the ballot was open neither counts as a voter nor can be voted out by it.
 */
export function tally(s: GameState): BallotRecord {
  const ballot = s.ballot!;
  const alive = (seat: number) => s.alive.includes(seat);
  const living = ballot.candidates.filter(alive);
  const cast = Object.entries(ballot.votes).filter(([voter]) => alive(Number(voter)));
  const counts: Record<string, number> = {};
  const record = {
    round: s.phase.round,
    kind: ballot.kind,
    candidates: ballot.candidates,
    votes: ballot.votes,
  };
  if (ballot.kind === 'lift') {
    counts.leave = cast.filter(([, v]) => v === 'leave').length;
    counts.stay = s.alive.length - counts.leave;
    const leaves = counts.leave * 2 > s.alive.length ? [...living].sort((a, b) => a - b) : [];
    return { ...record, tally: counts, leaders: living, leaves };
  }
  for (const c of ballot.candidates) counts[c] = 0;
  for (const [, v] of cast) if (typeof v === 'number' && v in counts) counts[v]++;
  const last = living[living.length - 1];
  if (s.settings.unusedVotesToLast && last !== undefined) {
    counts[last] += s.alive.filter((seat) => !(seat in ballot.votes)).length;
  }
  const max = Math.max(0, ...living.map((c) => counts[c]));
  const leaders = living.filter((c) => counts[c] === max);
  return { ...record, tally: counts, leaders, leaves: leaders.length === 1 && max > 0 ? leaders : [] };
}

const sameSet = (a: Seat[], b: Seat[]) => a.length === b.length && a.every((x) => b.includes(x));

export function closeBallot(tx: Tx): void {
  const s = tx.state;
  const record = tally(s);
  const previous = s.day?.previousLeaders ?? null;
  emit(tx, { type: 'ballotClosed', record });
  const round = s.phase.round;
  // E12: the Putana's alibi keeps the player she visited last night, in the car crash's leave-all vote too.
  const alibi = s.lastNight?.round === round - 1 ? s.lastNight.alibi : null;
  const leaves = record.leaves.filter((seat) => seat !== alibi);
  if (leaves.length > 0) return voteOut(tx, leaves);
  if (record.kind === 'lift' || record.leaders.length < 2) return endDayNow(tx);
  tie(tx, record, previous);
}

/**
 * What a tie leads to, per rule set (E10–E11): nobody leaves at once, or the leaders defend themselves
 * and are voted on again until the tie repeats — after one revote (the car crash), or when the same leaders
 * tie twice (split) — and then the table votes on lifting them all.
 */
const TIE_RULES: Record<Settings['tie'], { repeatsWhen: 'never' | 'afterRevote' | 'sameLeaders' }> = {
  nobody: { repeatsWhen: 'never' },
  carCrash: { repeatsWhen: 'afterRevote' },
  split: { repeatsWhen: 'sameLeaders' },
};

function tie(tx: Tx, record: BallotRecord, previous: Seat[] | null): void {
  const s = tx.state;
  const { tie: mode } = s.settings;
  const { repeatsWhen } = TIE_RULES[mode];
  if (repeatsWhen === 'never') return endDayNow(tx);
  if (record.leaders.length === s.alive.length) {
    if (s.settings.allTied === 'draw') {
      emit(tx, { type: 'winDecided', winner: 'draw', winners: [] });
      return endGameNow(tx);
    }
    return endDayNow(tx);
  }
  const again =
    repeatsWhen === 'afterRevote'
      ? record.kind === 'revote'
      : previous !== null && sameSet(previous, record.leaders);
  if (!again) {
    if (!runAgenda(tx, 'day', record.round, defenceSteps(s, record.leaders)))
      openBallot(tx, 'revote', record.leaders);
    return;
  }
  if (mode === 'split' && !s.settings.liftNineThree && s.alive.length === 9 && record.leaders.length === 3) {
    return endDayNow(tx);
  }
  openBallot(tx, 'lift', record.leaders);
}

function voteOut(tx: Tx, seats: Seat[]): void {
  const round = tx.state.phase.round;
  for (const seat of seats) eliminate(tx, seat, 'vote', round);
  // C17 (on): «imediat ce Bufonul este eliminat prin vot, partida se încheie» — before any last word.
  const won = tx.state.pendingWinner?.winner;
  if (won && won !== 'draw' && TEAMS[won].votedOut) return endGameNow(tx);
  const words = lastWordSteps(seats, tx.state.settings.timers.lastWord);
  if (runAgenda(tx, 'day', round, words)) return;
  if (tx.state.pendingWinner) return endGameNow(tx);
  endDayNow(tx);
}

/** Continuous majority (B8–B9): the moment one player holds a majority he leaves and night falls. */
export function checkMajority(tx: Tx): void {
  const s = tx.state;
  const ballot = s.ballot;
  if (!ballot) return;
  const votes = Object.values(ballot.votes).filter((v): v is Seat => typeof v === 'number');
  const base = s.settings.majorityOf === 'living' ? s.alive.length : votes.length;
  if (s.settings.majorityOf === 'cast' && votes.length * 2 < s.alive.length) return;
  const counts = new Map<Seat, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  const holder = [...counts].find(([, n]) => n * 2 > base);
  if (!holder) return;
  const [seat] = holder;
  const tallyRecord: Record<string, number> = Object.fromEntries(counts);
  emit(tx, {
    type: 'ballotClosed',
    record: {
      round: s.phase.round,
      kind: 'vote',
      candidates: [...counts.keys()],
      tally: tallyRecord,
      votes: ballot.votes,
      leaders: [seat],
      leaves: [seat],
    },
  });
  voteOut(tx, [seat]);
}

/** Ends the current step and starts whatever the rules put next. */
export function endStep(tx: Tx): void {
  const s = tx.state;
  const { stage, kind, round } = s.phase;
  if (stage === 'lastWord' && s.bestMove?.open && s.bestMove.seat === s.speaker) {
    emit(tx, { type: 'bestMoveClosed', seat: s.bestMove.seat });
  }
  // A decided result waits only for last words still due, never for the rest of the day's talk.
  if (tx.state.pendingWinner && s.agenda[0]?.stage !== 'lastWord') return endGameNow(tx);
  if (runAgenda(tx, kind, round, s.agenda)) return;
  switch (stage) {
    case 'intro':
      return beginDay(tx, 1);
    case 'actions':
    case 'wake':
      return finishNight(tx);
    case 'speech':
    case 'discussion':
      return afterTalk(tx);
    case 'defence':
      if (s.day?.voteCancelled) return endDayNow(tx);
      // Defences before the day's first ballot (C13) lead to the vote; after a tie, to the revote (E10).
      if (!s.ballots.some((b) => b.round === round)) return openBallot(tx, 'vote', candidatesOf(s));
      return openBallot(tx, 'revote', s.day?.previousLeaders ?? []);
    case 'vote':
      return closeBallot(tx);
    case 'lastWord':
      return kind === 'day' && s.ballots.some((b) => b.round === round && b.leaves.length > 0)
        ? endDayNow(tx)
        : afterTalk(tx);
    case 'lobby':
    case 'cards':
    case 'over':
      return;
    default: {
      const _exhaustive: never = stage;
      return;
    }
  }
}

/** Everyone who can act tonight has acted (A7: the window closes early). */
export const everyoneActed = (s: GameState): boolean => ruleSetOf(s).everyoneActed(s);

/** A player leaves at once, without a last word: 4th foul, disqualification, giving up. */
export function removeNow(tx: Tx, seat: Seat, how: HowEliminated): void {
  const s = tx.state;
  const wasSpeaker = s.speaker === seat;
  if (s.settings.removalCancelsVote && s.phase.kind !== 'lobby') {
    const resultKnown = s.ballots.some((b) => b.round === s.phase.round && b.leaves.length > 0);
    const today = s.phase.kind === 'day' && !resultKnown;
    emit(tx, { type: 'voteCancelled', round: s.phase.round, seat, nextDay: !today });
  }
  eliminate(tx, seat, how, s.phase.round);
  const after = tx.state;
  if (after.pendingWinner && after.phase.stage !== 'lastWord') return endGameNow(tx);
  if (after.day?.voteCancelled && after.phase.stage === 'vote') return endDayNow(tx);
  if (wasSpeaker) endStep(tx);
}
