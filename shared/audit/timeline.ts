import type { Seat } from '../domain/vocabulary.js';
import { evolve } from '../engine/evolve.js';
import { type GameState, initialState } from '../engine/state.js';
import { lineText } from '../forum/newspaper.js';
import type { GameEvent } from '../log/events.js';
import type { NightOutcome } from '../log/records.js';
import type { RoleId } from '../roles/index.js';
import type { Viewer } from '../views/types.js';
import { canRead, isPrivileged, visibleRoles } from '../views/view.js';
import type { LogCommit } from './chain.js';

/** One line of a game's story: when, which commit, who gave the command, what happened (and why). */
export interface TimelineLine {
  seq: number;
  at: number;
  who: string;
  what: string;
}

/**
 * The game as one viewer lived it: a line per event he knew of at the time, in the words of the table.
 * Night outcomes carry their reason (saved by the doctor, split shots…) only for those who see the night
 * whole: the analyst, and a host who does not play. Built on the same rules as the views (view.ts).
 */
export function timeline(commits: readonly LogCommit[], viewer: Viewer): TimelineLine[] {
  const lines: TimelineLine[] = [];
  let state = initialState;
  for (const c of commits) {
    for (const event of c.events as GameEvent[]) {
      const after = evolve(state, event);
      const what = describe(state, after, event, viewer);
      if (what !== null)
        lines.push({ seq: c.seq, at: c.at, who: whoFor(after, viewer, c.actor, what), what });
      state = after;
    }
  }
  return lines;
}

export function formatTimelineLine(line: TimelineLine): string {
  const time = new Date(line.at).toISOString().slice(11, 19);
  return `${time}  #${String(line.seq).padEnd(4)} ${line.who.padEnd(7)} ${line.what}`;
}

/**
 * Who gave the command, where the viewer may know it: a night's end names the last one to act, which only
 * those who see the night may learn. Others see a seat only on its own open moves, and their own.
 */
function whoFor(s: GameState, viewer: Viewer, actor: string, what: string): string {
  const who = actor === 'system' ? 'master' : /^\d+$/.test(actor) ? `seat ${actor}` : actor;
  if (isPrivileged(s, viewer) || actor === 'system') return who;
  if (actor === 'host') return s.settings.master === 'moderator' ? '' : who;
  const own = viewer.kind === 'seat' && String(viewer.seat) === actor;
  return own || what.startsWith(`${who} `) ? who : '';
}

const REASONS: Record<NightOutcome['reason'], string> = {
  killed: 'killed',
  notAllShot: 'missed: not every mafioso shot',
  splitTargets: 'missed: the mafia split its shots',
  noShot: 'no shot',
  immune: 'missed: the target was immune tonight',
  savedByDoctor: 'saved by the doctor',
  guarded: 'saved by the bodyguard',
  diedGuarding: "the bodyguard died in the target's place",
  blocked: 'blocked by the lover',
  recorded: 'killed (recorded by the host)',
};

const seats = (list: readonly Seat[]) =>
  list.length === 0 ? 'nobody' : list.map((s) => `seat ${s}`).join(', ');

/** What the viewer learns from one event, or null when he does not learn of it. */
function describe(before: GameState, s: GameState, e: GameEvent, viewer: Viewer): string | null {
  const privileged = isPrivileged(s, viewer);
  const self = viewer.kind === 'seat' ? viewer.seat : null;
  const knowsRole = (seat: Seat) => visibleRoles(s, viewer).has(seat);
  switch (e.type) {
    case 'gameCreated':
      return `room opened by ${e.hostName}: ${e.settings.preset}, ${e.settings.master} game master`;
    case 'settingsChanged':
      return 'settings changed';
    case 'seatTaken':
      return `${e.name} takes seat ${e.seat}`;
    case 'seatChanged':
      return `seat ${e.from} moves to seat ${e.to}`;
    case 'seatReclaimed':
      return `seat ${e.seat} comes back on the same phone`;
    case 'seatsSwapped':
      return `seats ${e.a} and ${e.b} change places`;
    case 'seatRenamed':
      return `seat ${e.seat} is now called ${e.name}`;
    case 'seatLeft':
      return `seat ${e.seat} is free again`;
    case 'rematchOpened':
      return `the table plays again in room ${e.code}`;
    case 'logSealed':
      return `the server signs the log as it stands at version ${e.receipt.version}`;
    case 'roleAssigned':
      return knowsRole(e.seat) ? `seat ${e.seat} is given the ${e.role} card` : null;
    case 'deckShuffled':
      return privileged ? `the deck is shuffled: ${e.deck.join(', ')}` : 'the cards are shuffled';
    case 'cardPicked':
      return knowsRole(e.seat)
        ? `seat ${e.seat} picks card ${e.card}: ${e.role}`
        : `seat ${e.seat} picks card ${e.card}`;
    case 'rolesDealt': {
      const known = Object.entries(e.roles).filter(([seat]) => knowsRole(Number(seat)));
      return known.length === 0
        ? 'roles are dealt'
        : `roles are dealt: ${known.map(([seat, role]) => `${seat} ${role}`).join(', ')}`;
    }
    case 'stepStarted':
      return stepLine(e.phase.kind, e.phase.round, e.phase.stage, e.speaker, e.deadline?.remaining ?? null);
    case 'dayBegan':
    case 'nightBegan':
      return null;
    case 'teamKnown':
      return privileged || knowsRole(e.seat) ? `seat ${e.seat} meets the team` : null;
    case 'actionTaken': {
      const a = e.action;
      const mate = self !== null && self !== a.seat && knowsRole(a.seat) && a.ability === 'shoot';
      if (!privileged && self !== a.seat && !mate) return null;
      return `seat ${a.seat} uses ${a.ability} on seat ${a.target}${a.result ? `: ${a.result}` : ''}`;
    }
    case 'shotRecorded':
      return privileged
        ? `the mafia's shot is recorded: ${e.target === null ? 'no shot' : `seat ${e.target}`}`
        : null;
    case 'nightResolved': {
      const deaths = e.report.deaths.map((d) => d.seat);
      if (!privileged)
        return `night ${e.report.round} ends: ${deaths.length === 0 ? 'nobody dies' : `${seats(deaths)} killed`}`;
      const outcomes = e.report.outcomes.map(
        (o) => `${o.by} → ${o.target === null ? 'nobody' : `seat ${o.target}`}: ${REASONS[o.reason]}`,
      );
      return `night ${e.report.round} ends: ${outcomes.join('; ') || 'nothing happens'}`;
    }
    case 'playerEliminated': {
      const role = knowsRole(e.seat) ? ` (${s.roles[e.seat] as RoleId})` : '';
      return `seat ${e.seat}${role} leaves the game: ${e.how}`;
    }
    case 'messageSaid': {
      const m = e.message;
      return canRead(before, viewer, m.channel) ? `seat ${m.seat} [${m.channel}]: ${m.text}` : null;
    }
    case 'nominated':
      return `seat ${e.by} nominates seat ${e.target}`;
    case 'nominationWithdrawn':
      return `seat ${e.by} withdraws the nomination`;
    case 'readyToVote':
      return `seat ${e.seat} is ready to vote`;
    case 'voteCast':
      return `seat ${e.seat} votes ${typeof e.vote === 'number' ? `for seat ${e.vote}` : `to ${e.vote}`}`;
    case 'voteWithdrawn':
      return `seat ${e.seat} takes the vote back`;
    case 'ballotOpened':
      return `${e.kind} opens on ${seats(e.candidates)}`;
    case 'ballotClosed': {
      const tally = Object.entries(e.record.tally).map(
        ([k, n]) => `${/^\d+$/.test(k) ? `seat ${k}` : k} ${n}`,
      );
      return `${e.record.kind} closes: ${tally.join(', ')}; out: ${seats(e.record.leaves)}`;
    }
    case 'voteCancelled':
      return `the vote of round ${e.round} is cancelled (seat ${e.seat} left)`;
    case 'bestMoveOffered':
      return `seat ${e.seat} may name a best move`;
    case 'bestMoveMade':
      return `seat ${e.seat} names ${seats(e.targets)} as the best move`;
    case 'bestMoveClosed':
      return null;
    case 'foulGiven':
      return `seat ${e.seat} gets foul ${e.fouls}`;
    case 'playerDisqualified':
      return `seat ${e.seat} is disqualified: ${e.reason}`;
    case 'remarkGiven':
      return `seat ${e.seat} gets remark ${e.remarks}`;
    case 'extraPointsGiven':
      return `seat ${e.seat} gets ${e.points} extra points`;
    case 'clockPaused':
      return `the clock stops with ${Math.round(e.remaining / 1000)} s left`;
    case 'clockResumed':
      return 'the clock runs again';
    case 'clockExtended':
      return `the clock gets ${e.seconds} s more`;
    case 'actionUndone':
      return privileged ? 'the host undoes the last record' : null;
    case 'judgeActionEnded':
      return null;
    case 'quietCounted':
      return privileged ? `quiet half-rounds in a row: ${e.quiet}` : null;
    case 'winDecided':
      return privileged
        ? `the result is decided: ${e.winner === 'draw' ? 'a draw' : `${e.winner} wins`}`
        : null;
    case 'mafiaMicSwitched':
      return privileged || knowsRole(e.seat)
        ? `seat ${e.seat} switches the mafia microphone ${e.on ? 'on' : 'off'}`
        : null;
    case 'forumActed': {
      const a = e.action;
      if (!privileged && self !== a.seat) return null;
      return `seat ${a.seat} orders ${a.ability}${a.targets.length > 0 ? ` on ${seats(a.targets)}` : ''}`;
    }
    case 'forumNightResolved': {
      const lines = e.lines.map((line) => lineText(line, 'en', (seat) => `seat ${seat}`));
      return `newspaper of night ${e.round}: ${lines.join('; ') || 'no moves'}`;
    }
    case 'forumHoldings':
      return privileged ? 'points, levels and items change' : null;
    case 'gameEnded':
      return `game over: ${e.winner === 'draw' ? 'a draw' : `${e.winner} wins (${seats(e.winners)})`}`;
    default: {
      const _exhaustive: never = e;
      return null;
    }
  }
}

function stepLine(
  kind: string,
  round: number,
  stage: string,
  speaker: Seat | null,
  ms: number | null,
): string {
  const floor = speaker === null ? '' : `, seat ${speaker} has the floor`;
  const clock = ms === null ? '' : ` (${Math.round(ms / 1000)} s)`;
  return `${kind} ${round}, ${stage}${floor}${clock}`;
}
