import { type AuditResult, auditLog } from '../../../shared/audit/audit.js';
import type { LogCommit } from '../../../shared/audit/chain.js';
import { emptyFold, type Folded, foldCommits } from '../../../shared/audit/fold.js';
import { parseJsonLines } from '../../../shared/audit/log-lines.js';
import { releaseOf } from '../../../shared/audit/release.js';
import { foldTo, momentOf, type ReplayMoment } from '../../../shared/audit/replay.js';
import type { LogSeal } from '../../../shared/audit/seal.js';
import { type StoryStep, storySteps } from '../../../shared/audit/timeline.js';
import { parseViewer, VIEWER_NAMES, viewerName } from '../../../shared/audit/viewer.js';
import type { ChatMessage } from '../../../shared/log/records.js';
import type { Channel, Viewer } from '../../../shared/views/types.js';

/**
 * A game's log opened for replay: audited once, then folded to whichever version is asked for, forward
 * from the last one shown (the projector's and the CLI's fold, shared/audit/replay.ts).
 */
export class ReplayLog {
  readonly audit: AuditResult;
  readonly release: string | null;
  /** The seats of the game as it ended, for the choice of viewer. */
  readonly seats: Array<{ seat: number; name: string }>;
  private folded: Folded = emptyFold;
  private readonly told = new Map<string, StoryStep[]>();

  private constructor(
    readonly commits: LogCommit[],
    /** The seal the file closes with, if any: the server's signature of its head. */
    readonly seal: LogSeal | undefined,
  ) {
    this.audit = auditLog(commits);
    this.release = releaseOf(commits);
    const end = foldCommits(emptyFold, commits).state;
    this.seats = Object.entries(end.names)
      .map(([seat, name]) => ({ seat: Number(seat), name }))
      .sort((a, b) => a.seat - b.seat);
  }

  /** Reads a log's text; a file that is not a log says which line is wrong. */
  static read(text: string): { ok: true; log: ReplayLog } | { ok: false; message: string } {
    const read = parseJsonLines(text);
    return read.ok ? { ok: true, log: new ReplayLog(read.commits, read.seal) } : read;
  }

  get gameId(): string {
    return this.commits[0].gameId;
  }

  get last(): number {
    return this.commits[this.commits.length - 1].seq;
  }

  /** The game at `seq` (kept within the log) as `viewer` saw it. */
  moment(seq: number, viewer: Viewer): ReplayMoment {
    const at = Math.min(Math.max(seq, this.commits[0].seq), this.last);
    this.folded = foldTo(this.folded, this.commits, at);
    return momentOf(this.folded, this.commits, viewer);
  }

  /** The game's sentences as `viewer` knew each at its moment (the timeline's, along the same fold). */
  steps(viewer: Viewer): StoryStep[] {
    const key = viewerName(viewer);
    let steps = this.told.get(key);
    if (steps === undefined) {
      steps = storySteps(this.commits, viewer);
      this.told.set(key, steps);
    }
    return steps;
  }

  /** Milliseconds from the game's first commit to `at`. */
  sinceStart(at: number): number {
    return at - this.commits[0].at;
  }
}

/** The viewers a replay can take, as links write them: every seat, then host, public and analyst. */
export function viewerChoices(seats: ReadonlyArray<{ seat: number }>): string[] {
  return [...seats.map((s) => String(s.seat)), ...VIEWER_NAMES];
}

/** A link's `as`, or the analyst when it names no viewer this game has. */
export function viewerOf(as: string | null, seats: ReadonlyArray<{ seat: number }>): Viewer {
  const viewer = as === null ? null : parseViewer(as);
  if (viewer === null) return { kind: 'analyst' };
  return viewer.kind === 'seat' && !seats.some((s) => s.seat === viewer.seat) ? { kind: 'analyst' } : viewer;
}

/** What the clock showed at that moment: ms left of the step, or null when no step was timed. */
export function clockLeftAt(moment: ReplayMoment): number | null {
  const clock = moment.view.clock;
  if (clock === null) return null;
  return clock.at === null ? clock.remaining : Math.max(0, clock.at - moment.at);
}

/** The chat the viewer could read, by channel, in the order channels first spoke. */
export function chatByChannel(chat: readonly ChatMessage[]): Array<[Channel, ChatMessage[]]> {
  const channels = new Map<Channel, ChatMessage[]>();
  for (const m of chat) {
    const list = channels.get(m.channel) ?? [];
    list.push(m);
    channels.set(m.channel, list);
  }
  return [...channels];
}

/** `m:ss`, or `h:mm:ss` past an hour. */
export function duration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(total % 60)}` : `${m}:${two(total % 60)}`;
}
