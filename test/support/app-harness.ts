import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../../functions/adapters/memory/directory.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { MemoryGameHeads } from '../../functions/adapters/memory/game-heads.js';
import { SequentialIds } from '../../functions/adapters/memory/ids.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { MemoryTournamentBook } from '../../functions/adapters/memory/tournament-book.js';
import { type App, createApp } from '../../functions/app/app.js';
import type { AppOptions } from '../../functions/app/deps.js';
import type { EventStore } from '../../functions/ports/event-store.js';
import type { LogSigner } from '../../functions/ports/log-signer.js';
import type { DeadlineJob, Scheduler } from '../../functions/ports/scheduler.js';
import type { ClientFrame, ServerFrame } from '../../shared/index.js';

/** A scheduler that only records what it was asked, for tests that fire deadlines themselves. */
export class RecordingScheduler implements Scheduler {
  readonly jobs: DeadlineJob[] = [];

  async schedule(gameId: string, deadlineId: string, at: number): Promise<void> {
    if (this.jobs.some((j) => j.gameId === gameId && j.deadlineId === deadlineId)) return;
    this.jobs.push({ gameId, deadlineId, at });
  }

  last(): DeadlineJob | undefined {
    return this.jobs.at(-1);
  }
}

export interface HarnessOptions {
  store?: EventStore;
  pipeline?: boolean;
  /** Given to the app in place of `scheduler` (a failing one, say). */
  scheduler?: Scheduler;
  /** Signs each game's end (the players' receipts); none by default. */
  logSigner?: LogSigner;
  app?: AppOptions;
}

/** The application service on in-memory twins, with a hand-moved clock. Two harnesses may share a store. */
export class AppHarness {
  readonly ids = new SequentialIds();
  readonly scheduler = new RecordingScheduler();
  readonly meter = new CountingMeter();
  readonly deadlines: MemoryDeadlineBook;
  readonly heads: MemoryGameHeads;
  readonly tournaments: MemoryTournamentBook;
  readonly app: App;
  readonly clock: ManualClock;
  readonly fanOut: MemoryFanOut;

  readonly store: EventStore;
  readonly directory: MemoryDirectory;

  /**
   * A second harness given the first is a second process of the same backend: one store, directory, clock
   * and socket gateway; its own cache, locks and scheduler.
   */
  constructor(shared?: AppHarness, options: HarnessOptions = {}) {
    this.clock = shared?.clock ?? new ManualClock();
    this.fanOut = shared?.fanOut ?? new MemoryFanOut();
    this.store = shared?.store ?? options.store ?? new MemoryEventStore();
    this.directory = shared?.directory ?? new MemoryDirectory({ now: () => this.clock.now() });
    this.deadlines = shared?.deadlines ?? new MemoryDeadlineBook();
    this.heads = shared?.heads ?? new MemoryGameHeads();
    this.tournaments = shared?.tournaments ?? new MemoryTournamentBook();
    this.app = createApp(
      {
        store: this.store,
        directory: this.directory,
        fanOut: this.fanOut,
        scheduler: options.scheduler ?? this.scheduler,
        deadlines: this.deadlines,
        heads: this.heads,
        tournaments: this.tournaments,
        meter: this.meter,
        clock: this.clock,
        ids: this.ids,
        ...(options.logSigner === undefined ? {} : { logSigner: options.logSigner }),
      },
      { pipeline: options.pipeline ?? false, ...options.app },
    );
  }

  /** Frames of the reply to one client frame. */
  async send(connectionId: string, frame: ClientFrame): Promise<ServerFrame[]> {
    // A connection that sends a frame is open.
    this.fanOut.open(connectionId);
    return (await this.app.handleFrame(connectionId, frame)).frames;
  }

  /** Projects every commit of a game this harness has not projected yet, as the stream would. */
  async project(gameId: string): Promise<void> {
    const commits = await this.store.read(gameId);
    for (const c of commits) await this.app.project(gameId, c.seq);
  }
}

export function frameOf<T extends ServerFrame['type']>(
  frames: ServerFrame[],
  type: T,
): Extract<ServerFrame, { type: T }> {
  const found = frames.find((f) => f.type === type);
  if (found === undefined) throw new Error(`no ${type} frame in ${JSON.stringify(frames)}`);
  return found as Extract<ServerFrame, { type: T }>;
}
