import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppendResult, Commit, EventStore } from '../../../ports/event-store.js';
import { CorruptLogError } from './corrupt-log-error.js';
import { HEADER_BYTES } from './framing.js';
import {
  RecordFile,
  type RecordFileOptions,
  type RecordFileStats,
  type RecordLocation,
} from './record-file.js';

export const COMMITS_FILE = 'commits.log';

export interface LogEventStoreOptions extends RecordFileOptions {
  /** Data directory; created if missing. The commits go to `<dir>/commits.log`. */
  dir: string;
}

export interface LogEventStoreStats extends RecordFileStats {
  games: number;
}

interface GameIndex {
  /** Highest seq accepted, including appends still waiting for their sync: the next append must be +1. */
  reserved: number;
  /** Location of commit seq n at index n - 1, filled when it is durable. */
  locations: RecordLocation[];
  /** Commits 1..visible are durable and readable; nothing unsynced is ever read back. */
  visible: number;
}

/**
 * The embedded default event store: one append-only file for all games. One file rather than one per game
 * because durability is paid per sync, and a single sync then covers every game's appends in the batch;
 * with a file per game, a batch touching 200 rooms would need 200 syncs. Reads never scan the file: an
 * in-memory index, rebuilt on open, holds each game's record locations.
 *
 * The conditional append is checked in memory, which is sound because the file has one writer (a lock file
 * keeps a second process out) and the check and the reservation happen in one synchronous step.
 */
export class LogEventStore implements EventStore {
  private readonly games = new Map<string, GameIndex>();
  private file!: RecordFile;
  private closed = false;

  private constructor() {}

  static async open(options: LogEventStoreOptions): Promise<LogEventStore> {
    mkdirSync(options.dir, { recursive: true });
    const store = new LogEventStore();
    const path = join(options.dir, COMMITS_FILE);
    let last: { gameId: string; version: number } | undefined;
    store.file = RecordFile.open(
      path,
      (payload, location) => {
        last = store.index(path, payload, location);
      },
      { ...options, onTornTail: (cut) => options.onTornTail?.({ ...cut, lastKept: last }) },
    );
    return store;
  }

  async append(commit: Commit): Promise<AppendResult> {
    this.assertOpen();
    const game = this.games.get(commit.gameId) ?? { reserved: 0, locations: [], visible: 0 };
    if (commit.seq !== game.reserved + 1) return { ok: false, reason: 'conflict' };
    // Queue and reserve in one synchronous step: a racing append of the same seq sees the reservation.
    const { location, durable } = this.file.append(JSON.stringify(commit));
    game.reserved = commit.seq;
    this.games.set(commit.gameId, game);
    await durable;
    game.locations[commit.seq - 1] = location;
    while (game.visible < game.locations.length && game.locations[game.visible] !== undefined) {
      game.visible += 1;
    }
    return { ok: true };
  }

  async read(gameId: string, afterSeq = 0): Promise<Commit[]> {
    this.assertOpen();
    const game = this.games.get(gameId);
    if (game === undefined) return [];
    const locations = game.locations.slice(Math.max(0, afterSeq), game.visible);
    const payloads = await this.file.read(locations);
    return payloads.map((payload) => JSON.parse(payload.toString('utf8')) as Commit);
  }

  async listGames(): Promise<string[]> {
    this.assertOpen();
    return [...this.games].filter(([, game]) => game.visible > 0).map(([gameId]) => gameId);
  }

  stats(): LogEventStoreStats {
    return { ...this.file.stats(), games: this.games.size };
  }

  /** Why the log takes no more commits, or null while it does. */
  failed(): Error | null {
    return this.file.failed();
  }

  close(): Promise<void> {
    this.closed = true;
    return this.file.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event store is closed');
  }

  private index(
    path: string,
    payload: Buffer,
    location: RecordLocation,
  ): { gameId: string; version: number } {
    const { gameId, seq } = JSON.parse(payload.toString('utf8')) as Commit;
    const game = this.games.get(gameId) ?? { reserved: 0, locations: [], visible: 0 };
    if (seq !== game.reserved + 1) {
      throw new CorruptLogError(
        path,
        location.offset - HEADER_BYTES,
        `game ${gameId} has seq ${seq} after ${game.reserved}`,
      );
    }
    game.reserved = seq;
    game.locations.push(location);
    game.visible = seq;
    this.games.set(gameId, game);
    return { gameId, version: seq };
  }
}
