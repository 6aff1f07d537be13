import type { HowEliminated, Phase, Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';
import { lineText, type NewspaperLine } from '../forum/newspaper.js';
import type { ItemId } from '../forum/roles.js';
import type { ForumAction } from '../forum/state.js';
import type { GameEvent } from '../log/events.js';
import type { BallotKind, CheckResult, NightOutcome, VoteValue } from '../log/records.js';
import type { AbilityId, RoleId, Winner } from '../roles/index.js';
import type { PresetId, Settings } from '../rules/settings.js';
import type { Channel, Viewer } from '../views/types.js';
import { canRead, isPrivileged, visibleRoles } from '../views/view.js';
import type { LogCommit } from './chain.js';
import { emptyFold, foldCommits } from './fold.js';

/**
 * What one viewer learns from one event, as data: the CLI writes it in English (`sentenceText`), the PWA's
 * replay in the phone's language. Only what that viewer knew at that moment is in it.
 */
export type Sentence =
  | { kind: 'opened'; host: string; preset: PresetId; master: Settings['master'] }
  | { kind: 'settingsChanged' }
  | { kind: 'seatTaken'; seat: Seat; name: string }
  | { kind: 'seatChanged'; from: Seat; to: Seat }
  | { kind: 'seatReclaimed'; seat: Seat }
  | { kind: 'seatsSwapped'; a: Seat; b: Seat }
  | { kind: 'seatRenamed'; seat: Seat; name: string }
  | { kind: 'seatLeft'; seat: Seat }
  | { kind: 'rematch'; code: string }
  | { kind: 'sealed'; version: number }
  | { kind: 'roleGiven'; seat: Seat; role: RoleId }
  | { kind: 'shuffled'; deck: RoleId[] | null }
  | { kind: 'cardPicked'; seat: Seat; card: number; role: RoleId | null }
  | { kind: 'dealt'; roles: Array<{ seat: Seat; role: RoleId }> }
  | {
      kind: 'step';
      phase: Phase['kind'];
      round: number;
      stage: Phase['stage'];
      speaker: Seat | null;
      ms: number | null;
    }
  | { kind: 'teamMet'; seat: Seat }
  | {
      kind: 'action';
      round: number;
      seat: Seat;
      ability: AbilityId;
      target: Seat;
      result: CheckResult | null;
    }
  | { kind: 'shotRecorded'; target: Seat | null }
  | {
      kind: 'nightEnded';
      round: number;
      deaths: Seat[];
      /** Why each shot landed or missed: only for those who see the night whole. */
      outcomes: NightOutcome[] | null;
    }
  | { kind: 'left'; seat: Seat; role: RoleId | null; how: HowEliminated }
  | { kind: 'said'; seat: Seat; channel: Channel; text: string }
  | { kind: 'nominated'; by: Seat; target: Seat }
  | { kind: 'nominationWithdrawn'; by: Seat }
  | { kind: 'ready'; seat: Seat }
  | { kind: 'vote'; seat: Seat; vote: VoteValue }
  | { kind: 'voteWithdrawn'; seat: Seat }
  | { kind: 'ballotOpened'; ballot: BallotKind; candidates: Seat[] }
  | { kind: 'verdict'; ballot: BallotKind; round: number; tally: Array<[string, number]>; leaves: Seat[] }
  | { kind: 'voteCancelled'; round: number; seat: Seat }
  | { kind: 'bestMoveOffered'; seat: Seat }
  | { kind: 'bestMove'; seat: Seat; targets: Seat[] }
  | { kind: 'foul'; seat: Seat; fouls: number }
  | { kind: 'disqualified'; seat: Seat; reason: string }
  | { kind: 'remark'; seat: Seat; remarks: number }
  | { kind: 'extraPoints'; seat: Seat; points: number }
  | { kind: 'clockPaused'; seconds: number }
  | { kind: 'clockResumed' }
  | { kind: 'clockExtended'; seconds: number }
  | { kind: 'undone' }
  | { kind: 'quiet'; quiet: number }
  | { kind: 'winDecided'; winner: Winner }
  | { kind: 'mic'; seat: Seat; on: boolean }
  | {
      kind: 'order';
      round: number;
      seat: Seat;
      ability: ForumAction['ability'];
      targets: Seat[];
      item: ItemId | null;
    }
  | { kind: 'newspaper'; round: number; lines: NewspaperLine[] }
  | { kind: 'holdings' }
  | { kind: 'gameEnded'; winner: Winner; winners: Seat[] };

/** One sentence of the story with the commit it came from and who gave that command. */
export interface StoryStep {
  seq: number;
  at: number;
  actor: string;
  sentence: Sentence;
}

/** The sentences that mark the game's turns: each night's result, each verdict, the end. */
const KEY_MOMENTS: ReadonlySet<Sentence['kind']> = new Set([
  'nightEnded',
  'newspaper',
  'verdict',
  'gameEnded',
]);

export const isKeyMoment = (s: Sentence): boolean => KEY_MOMENTS.has(s.kind);

/** One line of a game's story: when, which commit, who gave the command, what happened (and why). */
export interface TimelineLine {
  seq: number;
  at: number;
  who: string;
  what: string;
}

/**
 * The game as one viewer lived it: a sentence per event he knew of at the time, taken along the replay's
 * own fold (fold.ts). Night outcomes carry their reason (saved by the doctor, split shots…) only for those
 * who see the night whole: the analyst, and a host who does not play. Built on the same rules as the views
 * (view.ts).
 */
export function storySteps(commits: readonly LogCommit[], viewer: Viewer): StoryStep[] {
  const steps: StoryStep[] = [];
  const bySeq = new Map(commits.map((c) => [c.seq, c]));
  foldCommits(emptyFold, commits, Number.POSITIVE_INFINITY, (before, after, event, seq) => {
    const sentence = describe(before, after, event as GameEvent, viewer);
    const c = bySeq.get(seq);
    if (sentence !== null && c) steps.push({ seq, at: c.at, actor: c.actor, sentence });
  });
  return steps;
}

/** The story as the CLI prints it: English lines with who gave each command, where the viewer may know it. */
export function timeline(commits: readonly LogCommit[], viewer: Viewer): TimelineLine[] {
  const lines: TimelineLine[] = [];
  const bySeq = new Map(commits.map((c) => [c.seq, c]));
  foldCommits(emptyFold, commits, Number.POSITIVE_INFINITY, (before, after, event, seq) => {
    const sentence = describe(before, after, event as GameEvent, viewer);
    const c = bySeq.get(seq);
    if (sentence === null || !c) return;
    const what = sentenceText(sentence);
    lines.push({ seq, at: c.at, who: whoFor(after, viewer, c.actor, what), what });
  });
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

/** What the viewer learns from one event, or null when he does not learn of it. */
function describe(before: GameState, s: GameState, e: GameEvent, viewer: Viewer): Sentence | null {
  const privileged = isPrivileged(s, viewer);
  const self = viewer.kind === 'seat' ? viewer.seat : null;
  const knowsRole = (seat: Seat) => visibleRoles(s, viewer).has(seat);
  switch (e.type) {
    case 'gameCreated':
      return { kind: 'opened', host: e.hostName, preset: e.settings.preset, master: e.settings.master };
    case 'settingsChanged':
      return { kind: 'settingsChanged' };
    case 'seatTaken':
      return { kind: 'seatTaken', seat: e.seat, name: e.name };
    case 'seatChanged':
      return { kind: 'seatChanged', from: e.from, to: e.to };
    case 'seatReclaimed':
      return { kind: 'seatReclaimed', seat: e.seat };
    case 'seatsSwapped':
      return { kind: 'seatsSwapped', a: e.a, b: e.b };
    case 'seatRenamed':
      return { kind: 'seatRenamed', seat: e.seat, name: e.name };
    case 'seatLeft':
      return { kind: 'seatLeft', seat: e.seat };
    case 'rematchOpened':
      return { kind: 'rematch', code: e.code };
    case 'logSealed':
      return { kind: 'sealed', version: e.receipt.version };
    case 'roleAssigned':
      return knowsRole(e.seat) ? { kind: 'roleGiven', seat: e.seat, role: e.role } : null;
    case 'deckShuffled':
      return { kind: 'shuffled', deck: privileged ? e.deck : null };
    case 'cardPicked':
      return { kind: 'cardPicked', seat: e.seat, card: e.card, role: knowsRole(e.seat) ? e.role : null };
    case 'rolesDealt':
      return {
        kind: 'dealt',
        roles: Object.entries(e.roles)
          .filter(([seat]) => knowsRole(Number(seat)))
          .map(([seat, role]) => ({ seat: Number(seat), role })),
      };
    case 'stepStarted':
      return {
        kind: 'step',
        phase: e.phase.kind,
        round: e.phase.round,
        stage: e.phase.stage,
        speaker: e.speaker,
        ms: e.deadline?.remaining ?? null,
      };
    case 'dayBegan':
    case 'nightBegan':
      return null;
    case 'teamKnown':
      return privileged || knowsRole(e.seat) ? { kind: 'teamMet', seat: e.seat } : null;
    case 'actionTaken': {
      const a = e.action;
      const mate = self !== null && self !== a.seat && knowsRole(a.seat) && a.ability === 'shoot';
      if (!privileged && self !== a.seat && !mate) return null;
      return {
        kind: 'action',
        round: s.phase.round,
        seat: a.seat,
        ability: a.ability,
        target: a.target,
        result: a.result ?? null,
      };
    }
    case 'shotRecorded':
      return privileged ? { kind: 'shotRecorded', target: e.target } : null;
    case 'nightResolved':
      return {
        kind: 'nightEnded',
        round: e.report.round,
        deaths: e.report.deaths.map((d) => d.seat),
        outcomes: privileged ? e.report.outcomes : null,
      };
    case 'playerEliminated':
      return {
        kind: 'left',
        seat: e.seat,
        role: knowsRole(e.seat) ? (s.roles[e.seat] as RoleId) : null,
        how: e.how,
      };
    case 'messageSaid': {
      const m = e.message;
      return canRead(before, viewer, m.channel)
        ? { kind: 'said', seat: m.seat, channel: m.channel, text: m.text }
        : null;
    }
    case 'nominated':
      return { kind: 'nominated', by: e.by, target: e.target };
    case 'nominationWithdrawn':
      return { kind: 'nominationWithdrawn', by: e.by };
    case 'readyToVote':
      return { kind: 'ready', seat: e.seat };
    case 'voteCast':
      return { kind: 'vote', seat: e.seat, vote: e.vote };
    case 'voteWithdrawn':
      return { kind: 'voteWithdrawn', seat: e.seat };
    case 'ballotOpened':
      return { kind: 'ballotOpened', ballot: e.kind, candidates: e.candidates };
    case 'ballotClosed':
      return {
        kind: 'verdict',
        ballot: e.record.kind,
        round: e.record.round,
        tally: Object.entries(e.record.tally),
        leaves: e.record.leaves,
      };
    case 'voteCancelled':
      return { kind: 'voteCancelled', round: e.round, seat: e.seat };
    case 'bestMoveOffered':
      return { kind: 'bestMoveOffered', seat: e.seat };
    case 'bestMoveMade':
      return { kind: 'bestMove', seat: e.seat, targets: e.targets };
    case 'bestMoveClosed':
      return null;
    case 'foulGiven':
      return { kind: 'foul', seat: e.seat, fouls: e.fouls };
    case 'playerDisqualified':
      return { kind: 'disqualified', seat: e.seat, reason: e.reason };
    case 'remarkGiven':
      return { kind: 'remark', seat: e.seat, remarks: e.remarks };
    case 'extraPointsGiven':
      return { kind: 'extraPoints', seat: e.seat, points: e.points };
    case 'clockPaused':
      return { kind: 'clockPaused', seconds: Math.round(e.remaining / 1000) };
    case 'clockResumed':
      return { kind: 'clockResumed' };
    case 'clockExtended':
      return { kind: 'clockExtended', seconds: e.seconds };
    case 'actionUndone':
      return privileged ? { kind: 'undone' } : null;
    case 'judgeActionEnded':
      return null;
    case 'quietCounted':
      return privileged ? { kind: 'quiet', quiet: e.quiet } : null;
    case 'winDecided':
      return privileged ? { kind: 'winDecided', winner: e.winner } : null;
    case 'mafiaMicSwitched':
      return privileged || knowsRole(e.seat) ? { kind: 'mic', seat: e.seat, on: e.on } : null;
    case 'forumActed': {
      const a = e.action;
      if (!privileged && self !== a.seat) return null;
      return {
        kind: 'order',
        round: s.phase.round,
        seat: a.seat,
        ability: a.ability,
        targets: a.targets,
        item: a.item ?? null,
      };
    }
    case 'forumNightResolved':
      return { kind: 'newspaper', round: e.round, lines: e.lines };
    case 'forumHoldings':
      return privileged ? { kind: 'holdings' } : null;
    case 'gameEnded':
      return { kind: 'gameEnded', winner: e.winner, winners: e.winners };
    default: {
      const _exhaustive: never = e;
      return null;
    }
  }
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

/** A sentence in the CLI's English. */
export function sentenceText(s: Sentence): string {
  switch (s.kind) {
    case 'opened':
      return `room opened by ${s.host}: ${s.preset}, ${s.master} game master`;
    case 'settingsChanged':
      return 'settings changed';
    case 'seatTaken':
      return `${s.name} takes seat ${s.seat}`;
    case 'seatChanged':
      return `seat ${s.from} moves to seat ${s.to}`;
    case 'seatReclaimed':
      return `seat ${s.seat} comes back on the same phone`;
    case 'seatsSwapped':
      return `seats ${s.a} and ${s.b} change places`;
    case 'seatRenamed':
      return `seat ${s.seat} is now called ${s.name}`;
    case 'seatLeft':
      return `seat ${s.seat} is free again`;
    case 'rematch':
      return `the table plays again in room ${s.code}`;
    case 'sealed':
      return `the server signs the log as it stands at version ${s.version}`;
    case 'roleGiven':
      return `seat ${s.seat} is given the ${s.role} card`;
    case 'shuffled':
      return s.deck === null ? 'the cards are shuffled' : `the deck is shuffled: ${s.deck.join(', ')}`;
    case 'cardPicked':
      return `seat ${s.seat} picks card ${s.card}${s.role === null ? '' : `: ${s.role}`}`;
    case 'dealt':
      return s.roles.length === 0
        ? 'roles are dealt'
        : `roles are dealt: ${s.roles.map(({ seat, role }) => `${seat} ${role}`).join(', ')}`;
    case 'step': {
      const floor = s.speaker === null ? '' : `, seat ${s.speaker} has the floor`;
      const clock = s.ms === null ? '' : ` (${Math.round(s.ms / 1000)} s)`;
      return `${s.phase} ${s.round}, ${s.stage}${floor}${clock}`;
    }
    case 'teamMet':
      return `seat ${s.seat} meets the team`;
    case 'action':
      return `seat ${s.seat} uses ${s.ability} on seat ${s.target}${s.result ? `: ${s.result}` : ''}`;
    case 'shotRecorded':
      return `the mafia's shot is recorded: ${s.target === null ? 'no shot' : `seat ${s.target}`}`;
    case 'nightEnded': {
      if (s.outcomes === null)
        return `night ${s.round} ends: ${s.deaths.length === 0 ? 'nobody dies' : `${seats(s.deaths)} killed`}`;
      const outcomes = s.outcomes.map(
        (o) => `${o.by} → ${o.target === null ? 'nobody' : `seat ${o.target}`}: ${REASONS[o.reason]}`,
      );
      return `night ${s.round} ends: ${outcomes.join('; ') || 'nothing happens'}`;
    }
    case 'left':
      return `seat ${s.seat}${s.role === null ? '' : ` (${s.role})`} leaves the game: ${s.how}`;
    case 'said':
      return `seat ${s.seat} [${s.channel}]: ${s.text}`;
    case 'nominated':
      return `seat ${s.by} nominates seat ${s.target}`;
    case 'nominationWithdrawn':
      return `seat ${s.by} withdraws the nomination`;
    case 'ready':
      return `seat ${s.seat} is ready to vote`;
    case 'vote':
      return `seat ${s.seat} votes ${typeof s.vote === 'number' ? `for seat ${s.vote}` : `to ${s.vote}`}`;
    case 'voteWithdrawn':
      return `seat ${s.seat} takes the vote back`;
    case 'ballotOpened':
      return `${s.ballot} opens on ${seats(s.candidates)}`;
    case 'verdict': {
      const tally = s.tally.map(([k, n]) => `${/^\d+$/.test(k) ? `seat ${k}` : k} ${n}`);
      return `${s.ballot} closes: ${tally.join(', ')}; out: ${seats(s.leaves)}`;
    }
    case 'voteCancelled':
      return `the vote of round ${s.round} is cancelled (seat ${s.seat} left)`;
    case 'bestMoveOffered':
      return `seat ${s.seat} may name a best move`;
    case 'bestMove':
      return `seat ${s.seat} names ${seats(s.targets)} as the best move`;
    case 'foul':
      return `seat ${s.seat} gets foul ${s.fouls}`;
    case 'disqualified':
      return `seat ${s.seat} is disqualified: ${s.reason}`;
    case 'remark':
      return `seat ${s.seat} gets remark ${s.remarks}`;
    case 'extraPoints':
      return `seat ${s.seat} gets ${s.points} extra points`;
    case 'clockPaused':
      return `the clock stops with ${s.seconds} s left`;
    case 'clockResumed':
      return 'the clock runs again';
    case 'clockExtended':
      return `the clock gets ${s.seconds} s more`;
    case 'undone':
      return 'the host undoes the last record';
    case 'quiet':
      return `quiet half-rounds in a row: ${s.quiet}`;
    case 'winDecided':
      return `the result is decided: ${s.winner === 'draw' ? 'a draw' : `${s.winner} wins`}`;
    case 'mic':
      return `seat ${s.seat} switches the mafia microphone ${s.on ? 'on' : 'off'}`;
    case 'order':
      return `seat ${s.seat} orders ${s.ability}${s.targets.length > 0 ? ` on ${seats(s.targets)}` : ''}`;
    case 'newspaper': {
      const lines = s.lines.map((line) => lineText(line, 'en', (seat) => `seat ${seat}`));
      return `newspaper of night ${s.round}: ${lines.join('; ') || 'no moves'}`;
    }
    case 'holdings':
      return 'points, levels and items change';
    case 'gameEnded':
      return `game over: ${s.winner === 'draw' ? 'a draw' : `${s.winner} wins (${seats(s.winners)})`}`;
    default: {
      const _exhaustive: never = s;
      return '';
    }
  }
}
