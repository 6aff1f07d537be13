import type { Clock } from '../ports/clock.js';
import type { DeadlineBook } from '../ports/deadline-book.js';
import type { Directory } from '../ports/directory.js';
import type { EventStore } from '../ports/event-store.js';
import type { FanOut } from '../ports/fan-out.js';
import type { GameHeads } from '../ports/game-heads.js';
import type { Ids } from '../ports/ids.js';
import type { LogSigner } from '../ports/log-signer.js';
import type { Meter } from '../ports/meter.js';
import type { PushPorts } from '../ports/push.js';
import type { Scheduler } from '../ports/scheduler.js';
import type { TournamentBook } from '../ports/tournament-book.js';
import { GameCache } from './game-cache.js';
import { KeyedLock } from './keyed-lock.js';
import { OpenRooms } from './open-rooms.js';

/** Everything the application service talks to. The same service runs on AWS and on a laptop. */
export interface AppPorts {
  store: EventStore;
  directory: Directory;
  fanOut: FanOut;
  scheduler: Scheduler;
  /** Pending deadlines, so that one whose timer was lost is still fired by the sweeper. */
  deadlines: DeadlineBook;
  /**
   * Each game's pending deadline as its last commit left it, for finding hung games; absent where nobody
   * looks for them (the local runtime re-arms every game at start instead).
   */
  heads?: GameHeads;
  meter: Meter;
  clock: Clock;
  ids: Ids;
  /** Web Push to readers whose app is closed; absent where no VAPID keys are configured. */
  push?: PushPorts;
  /**
   * Signs the log of each game as it ends, for the players' receipts; absent in functions that never end
   * a game (the projector, $connect).
   */
  logSigner?: LogSigner;
  /** The tournaments the server keeps; absent in functions that never see a tournament frame. */
  tournaments?: TournamentBook;
}

export interface AppOptions {
  /** Appends tried per command when other processes keep winning the race for the next version. */
  maxAttempts?: number;
  /**
   * Wait after a lost race: a random time up to base × 2^(races lost so far), at most `capMs` ("full
   * jitter"), so that racers spread out instead of colliding again. `baseMs` 0 retries at once.
   */
  raceBackoff?: { baseMs: number; capMs: number };
  /** How late a deadline must be before the sweeper fires it itself (ms); its timer gets this long. */
  sweepGraceMs?: number;
  /** How far back the sweeper looks for unfired deadlines (ms). */
  sweepLookbackMs?: number;
  /** Overdue deadlines the sweeper fires at once (games in parallel; one game's in order). */
  sweepConcurrency?: number;
  /**
   * How long past its deadline a game counts as stalled (ms): the timer, its retries and the sweeper have
   * all had their turn by then.
   */
  stallGraceMs?: number;
  /** How long a connection binding lives (seconds); API Gateway closes every socket after two hours. */
  connectionTtlSeconds?: number;
  /**
   * How long a room code leads to its game at most (seconds), even if the game never ends and its lobby
   * is never found abandoned: the code is then free for another room. Default 12 hours.
   */
  roomCodeTtlSeconds?: number;
  /**
   * How long after its game ended a seat's (or the host's) token still resumes it (seconds): long enough
   * to read the end and the results again, after which the game is read from its log. Default 24 hours.
   */
  tokenTtlAfterGameSeconds?: number;
  /** Games the cache holds at most. */
  maxGames?: number;
  /** Longest a deadline that arrives early waits for its time before deciding (ms). */
  maxEarlyWaitMs?: number;
  /**
   * The store orders appends as they are called (the embedded log, memory), so a game's next command may
   * be decided and appended while the previous commit is still being made durable. Never for DynamoDB,
   * where an append checks the previous commit exists.
   */
  pipeline?: boolean;
  /** Rooms still in their lobby that one address may hold open; null: no bound. Default 10. */
  roomsPerAddress?: number | null;
}

export interface AppDeps extends AppPorts {
  cache: GameCache;
  /** Serializes what changes a game (commands, joins, deadlines) in this process. */
  writes: KeyedLock;
  /** Serializes each game's projection, so its views leave in version order. */
  projections: KeyedLock;
  openRooms: OpenRooms;
  options: Required<Omit<AppOptions, 'maxGames' | 'roomsPerAddress'>>;
}

/** Five minutes: a deadline later than that was missed by its timer and by the sweeper both. */
export const STALL_GRACE_MS = 5 * 60_000;

export function makeDeps(ports: AppPorts, options: AppOptions = {}): AppDeps {
  return {
    ...ports,
    cache: new GameCache(ports.store, { maxGames: options.maxGames }),
    writes: new KeyedLock(),
    projections: new KeyedLock(),
    openRooms: new OpenRooms(options.roomsPerAddress === undefined ? 10 : options.roomsPerAddress),
    options: {
      maxAttempts: options.maxAttempts ?? 20,
      raceBackoff: options.raceBackoff ?? { baseMs: 4, capMs: 250 },
      sweepGraceMs: options.sweepGraceMs ?? 90_000,
      sweepLookbackMs: options.sweepLookbackMs ?? 15 * 60_000,
      sweepConcurrency: options.sweepConcurrency ?? 16,
      stallGraceMs: options.stallGraceMs ?? STALL_GRACE_MS,
      connectionTtlSeconds: options.connectionTtlSeconds ?? 2 * 3600 + 300,
      roomCodeTtlSeconds: options.roomCodeTtlSeconds ?? 12 * 3600,
      tokenTtlAfterGameSeconds: options.tokenTtlAfterGameSeconds ?? 24 * 3600,
      maxEarlyWaitMs: options.maxEarlyWaitMs ?? 5000,
      pipeline: options.pipeline ?? false,
    },
  };
}

/** `expiresAt` (epoch seconds) for a binding made now. */
export function bindingExpiry(deps: AppDeps): number {
  return Math.floor(deps.clock.now() / 1000) + deps.options.connectionTtlSeconds;
}
