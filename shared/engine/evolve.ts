import { type CoreEvent, type GameEvent, isRuleSetEvent } from '../log/events.js';
import type { ChatMessage } from '../log/records.js';
import { ruleSetOf } from '../rules/rule-sets.js';
import { CHAT_KEPT, type GameState, type Scratch } from './state.js';

const scratchOf = (s: GameState): Scratch => ({
  actions: s.actions,
  recordedShot: s.recordedShot,
  ballot: s.ballot,
  nominations: s.day?.nominations ?? [],
  nominationLog: s.nominationLog,
  ruleSet: ruleSetOf(s).scratch(s),
});

/**
 * Moves that moderator-mode `undo` can take back push the scratch they change. Other masters cannot undo,
 * so they keep no stack: a long day of moving votes must not grow the state. A family's undoable moves
 * (a forum order) keep it the same way.
 */
export const withUndo = (s: GameState): GameState =>
  s.settings.master === 'moderator' ? { ...s, undo: [...s.undo, scratchOf(s)] } : s;

const bump = (m: Record<string, number>, seat: number, value: number) => ({ ...m, [seat]: value });

function withoutKey<T>(m: Record<string, T>, seat: number): Record<string, T> {
  const { [seat]: _gone, ...rest } = m;
  return rest;
}

/** What seat `from` held now belongs to seat `to` (which held nothing). */
function moveKey<T>(m: Record<string, T>, from: number, to: number): Record<string, T> {
  if (!(from in m)) return withoutKey(m, to);
  return { ...withoutKey(m, from), [to]: m[from] as T };
}

function swapKeys<T>(m: Record<string, T>, a: number, b: number): Record<string, T> {
  const rest = withoutKey(withoutKey(m, a), b);
  return {
    ...rest,
    ...(b in m ? { [a]: m[b] as T } : {}),
    ...(a in m ? { [b]: m[a] as T } : {}),
  };
}
/** The events that open a judge's action: the state before them is what his `undo` brings back. */
const JUDGE_OPENERS: ReadonlySet<GameEvent['type']> = new Set([
  'foulGiven',
  'remarkGiven',
  'playerDisqualified',
]);

/** Applies one recorded event. Never validates, never throws: the event already happened. */
export function evolve(s: GameState, e: GameEvent): GameState {
  return trackJudgeUndo(s, isRuleSetEvent(e) ? ruleSetOf(s).evolve(s, e) : apply(s, e), e);
}

/**
 * Keeps the state before the judge's last action while nothing else has happened since (moderator mode,
 * like the scratch `undo`): its own events leave it open, its closing event seals it, any later event
 * drops it.
 */
function trackJudgeUndo(before: GameState, after: GameState, e: GameEvent): GameState {
  const held = before.judgeUndo;
  if (e.type === 'actionUndone') return after;
  if (JUDGE_OPENERS.has(e.type) && !held?.open && before.settings.master === 'moderator')
    return { ...after, judgeUndo: { before: { ...before, judgeUndo: null }, open: true } };
  if (e.type === 'judgeActionEnded') return held ? { ...after, judgeUndo: { ...held, open: false } } : after;
  return held && !held.open ? { ...after, judgeUndo: null } : after;
}

function apply(s: GameState, e: CoreEvent): GameState {
  switch (e.type) {
    case 'gameCreated':
      return {
        ...s,
        created: true,
        createdAt: e.at,
        settings: e.settings,
        hostName: e.hostName,
        hostDevice: e.hostDevice ?? null,
      };
    case 'settingsChanged':
      return { ...s, settings: e.settings };
    case 'seatTaken':
      return {
        ...s,
        names: { ...s.names, [e.seat]: e.name },
        devices: e.device === undefined ? s.devices : { ...s.devices, [e.seat]: e.device },
      };
    case 'seatChanged':
      return {
        ...s,
        names: moveKey(s.names, e.from, e.to) as Record<string, string>,
        roles: moveKey(s.roles, e.from, e.to),
        devices: moveKey(s.devices, e.from, e.to),
      };
    case 'seatReclaimed':
      return s;
    case 'seatsSwapped':
      return {
        ...s,
        names: swapKeys(s.names, e.a, e.b),
        roles: swapKeys(s.roles, e.a, e.b),
        devices: swapKeys(s.devices, e.a, e.b),
      };
    case 'seatRenamed':
      return { ...s, names: { ...s.names, [e.seat]: e.name } };
    case 'seatLeft':
      return {
        ...s,
        names: withoutKey(s.names, e.seat),
        roles: withoutKey(s.roles, e.seat),
        devices: withoutKey(s.devices, e.seat),
      };
    case 'rematchOpened':
      return { ...s, rematch: { gameId: e.gameId, code: e.code } };
    case 'logSealed':
      return { ...s, receipt: e.receipt };
    case 'roleAssigned':
      return { ...s, roles: { ...s.roles, [e.seat]: e.role } };
    case 'deckShuffled':
      return { ...s, deck: e.deck, picks: {} };
    case 'cardPicked':
      return { ...s, picks: { ...s.picks, [e.seat]: e.card }, roles: { ...s.roles, [e.seat]: e.role } };
    case 'rolesDealt':
      return {
        ...s,
        roles: e.roles,
        alive: Object.keys(s.names)
          .map(Number)
          .sort((a, b) => a - b),
      };
    case 'stepStarted':
      return {
        ...s,
        phase: e.phase,
        step: s.step + 1,
        speaker: e.speaker,
        muted: e.muted,
        wake: e.wake,
        agenda: e.agenda,
        deadline: e.deadline,
        stepStartedAt: e.at,
        undo: [],
        // The 3rd foul costs one speech, taken or shortened: the speech that starts now pays it.
        silenced:
          e.phase.stage === 'speech' && e.speaker !== null
            ? s.silenced.filter((x) => x !== e.speaker)
            : s.silenced,
      };
    case 'dayBegan':
      return {
        ...s,
        day: {
          firstSpeaker: e.firstSpeaker,
          nominations: [],
          previousLeaders: null,
          voteCancelled: s.cancelNextVote,
          ready: [],
        },
        cancelNextVote: false,
        leftBefore: s.eliminated.length,
        previousFirstSpeaker: e.firstSpeaker ?? s.previousFirstSpeaker,
        ballot: null,
        actions: [],
        recordedShot: null,
      };
    case 'nightBegan':
      return {
        ...s,
        day: null,
        ballot: null,
        actions: [],
        recordedShot: null,
        known: [],
        leftBefore: s.eliminated.length,
      };
    case 'teamKnown':
      return { ...s, known: [...s.known, e.seat] };
    case 'mafiaMicSwitched': {
      const before = s.mafiaMic.round === e.round ? s.mafiaMic.seats.filter((x) => x !== e.seat) : [];
      const seats = e.on ? [...before, e.seat].sort((a, b) => a - b) : before;
      return { ...s, mafiaMic: { round: e.round, seats } };
    }
    case 'actionTaken':
      return { ...withUndo(s), actions: [...s.actions, e.action] };
    case 'shotRecorded':
      return { ...withUndo(s), recordedShot: { target: e.target } };
    case 'nightResolved':
      return { ...s, lastNight: e.report, nights: [...s.nights, e.report] };
    case 'playerEliminated':
      return {
        ...s,
        alive: s.alive.filter((x) => x !== e.seat),
        eliminated: [...s.eliminated, { seat: e.seat, how: e.how, round: e.round }],
        quiet: 0,
      };
    case 'messageSaid':
      return {
        ...s,
        chat: keepLatestChat(s.chat, e.message),
        said: { ...s.said, [e.message.channel]: s.said[e.message.channel] + 1 },
      };
    case 'nominated':
      return s.day
        ? {
            ...withUndo(s),
            day: { ...s.day, nominations: [...s.day.nominations, { by: e.by, target: e.target }] },
            nominationLog: [...s.nominationLog, { round: s.phase.round, by: e.by, target: e.target }],
          }
        : s;
    case 'nominationWithdrawn':
      return s.day
        ? {
            ...withUndo(s),
            day: { ...s.day, nominations: s.day.nominations.filter((n) => n.by !== e.by) },
            nominationLog: s.nominationLog.filter((n) => n.round !== s.phase.round || n.by !== e.by),
          }
        : s;
    case 'readyToVote':
      return s.day ? { ...s, day: { ...s.day, ready: [...s.day.ready, e.seat] } } : s;
    case 'voteCast':
      return s.ballot
        ? { ...withUndo(s), ballot: { ...s.ballot, votes: { ...s.ballot.votes, [e.seat]: e.vote } } }
        : s;
    case 'voteWithdrawn': {
      if (!s.ballot) return s;
      const { [e.seat]: _, ...votes } = s.ballot.votes;
      return { ...withUndo(s), ballot: { ...s.ballot, votes } };
    }
    case 'ballotOpened':
      return { ...s, ballot: { kind: e.kind, candidates: e.candidates, votes: {} } };
    case 'ballotClosed':
      return {
        ...s,
        ballot: null,
        ballots: [...s.ballots, e.record],
        day: s.day ? { ...s.day, previousLeaders: e.record.leaders } : s.day,
      };
    case 'voteCancelled':
      if (e.nextDay) return { ...s, cancelNextVote: true };
      return s.day ? { ...s, ballot: null, day: { ...s.day, voteCancelled: true } } : s;
    case 'bestMoveOffered':
      return { ...s, bestMove: { seat: e.seat, targets: null, open: true } };
    case 'bestMoveMade':
      return { ...s, bestMove: { seat: e.seat, targets: e.targets, open: false } };
    case 'bestMoveClosed':
      return s.bestMove ? { ...s, bestMove: { ...s.bestMove, open: false } } : s;
    case 'foulGiven':
      return {
        ...s,
        fouls: bump(s.fouls, e.seat, e.fouls),
        foulLog: [...s.foulLog, { seat: e.seat, fouls: e.fouls, at: e.at, round: s.phase.round }],
        silenced: e.fouls === 3 ? [...s.silenced, e.seat] : s.silenced,
      };
    case 'playerDisqualified':
      return {
        ...s,
        disqualifications: [...s.disqualifications, { seat: e.seat, reason: e.reason, round: s.phase.round }],
      };
    case 'remarkGiven':
      return { ...s, remarks: bump(s.remarks, e.seat, e.remarks) };
    case 'extraPointsGiven':
      return { ...s, extraPoints: bump(s.extraPoints, e.seat, e.points) };
    case 'clockPaused':
      return s.deadline ? { ...s, deadline: { ...s.deadline, at: null, remaining: e.remaining } } : s;
    case 'clockResumed':
      return s.deadline ? { ...s, deadline: { ...s.deadline, id: e.id, at: e.at } } : s;
    case 'clockExtended':
      return { ...s, deadline: e.deadline };
    case 'judgeActionEnded':
      return s;
    case 'actionUndone': {
      // The judge's last action first: it came after every move still on the scratch stack. The step
      // counter never goes back, so no later step reuses an id.
      if (s.judgeUndo) return { ...s.judgeUndo.before, step: s.step };
      const last = s.undo[s.undo.length - 1];
      if (!last) return s;
      return {
        ...ruleSetOf(s).takeBack(s, last.ruleSet),
        undo: s.undo.slice(0, -1),
        actions: last.actions,
        recordedShot: last.recordedShot,
        ballot: last.ballot,
        day: s.day ? { ...s.day, nominations: last.nominations } : s.day,
        nominationLog: last.nominationLog,
      };
    }
    case 'quietCounted':
      return { ...s, quiet: e.quiet };
    case 'winDecided':
      return { ...s, pendingWinner: { winner: e.winner, winners: e.winners } };
    case 'gameEnded':
      return {
        ...s,
        winner: e.winner,
        winners: e.winners,
        pendingWinner: null,
        phase: { id: `over.${s.step + 1}`, kind: 'over', round: s.phase.round, stage: 'over' },
        step: s.step + 1,
        speaker: null,
        muted: false,
        wake: null,
        agenda: [],
        deadline: null,
        ballot: null,
        bestMove: s.bestMove ? { ...s.bestMove, open: false } : null,
      };
    default: {
      const _exhaustive: never = e;
      return s;
    }
  }
}

/**
 * The state keeps only the latest CHAT_KEPT messages of each channel (the log keeps every one): a flood of
 * chat costs no memory, and a flood on one channel pushes out no message of another.
 */
function keepLatestChat(chat: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const next = [...chat, message];
  if (next.filter((m) => m.channel === message.channel).length <= CHAT_KEPT) return next;
  const oldest = next.findIndex((m) => m.channel === message.channel);
  return [...next.slice(0, oldest), ...next.slice(oldest + 1)];
}
