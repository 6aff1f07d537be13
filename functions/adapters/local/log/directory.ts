import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Place } from '../../../ports/directory.js';
import { MemoryDirectory } from '../../memory/directory.js';
import { RecordFile, type RecordFileOptions } from './record-file.js';

export const DIRECTORY_FILE = 'directory.log';

export interface LogDirectoryOptions extends RecordFileOptions {
  /** Data directory; created if missing. Rooms and token hashes go to `<dir>/directory.log`. */
  dir: string;
  /** Clock for connection expiry, in ms since the epoch. */
  now?: () => number;
}

type DirectoryRecord =
  | { type: 'room'; code: string; gameId: string; expiresAt?: number }
  | { type: 'roomReleased'; gameId: string }
  | { type: 'token'; gameId: string; seat: Place; tokenHash: string };

/**
 * The embedded directory: rooms and token hashes in a small append-only file with the same framing and
 * group commit as the commits (they must survive a restart, or players could not resume); connections in
 * memory, because the sockets they name die with the process.
 */
export class LogDirectory extends MemoryDirectory {
  /** Claims written but not yet synced: they already block other games, but are not yet readable. */
  private readonly claiming = new Map<string, { gameId: string; durable: Promise<unknown> }>();
  private file!: RecordFile;

  private constructor(now?: () => number) {
    super({ now });
  }

  static async open(options: LogDirectoryOptions): Promise<LogDirectory> {
    mkdirSync(options.dir, { recursive: true });
    const directory = new LogDirectory(options.now);
    directory.file = RecordFile.open(
      join(options.dir, DIRECTORY_FILE),
      (payload) => directory.apply(JSON.parse(payload.toString('utf8')) as DirectoryRecord),
      options,
    );
    return directory;
  }

  override async claimRoomCode(code: string, gameId: string, expiresAt?: number): Promise<boolean> {
    this.assertOpen();
    const claim = this.claiming.get(code);
    if (claim !== undefined) {
      await claim.durable;
      return claim.gameId === gameId;
    }
    const holder = this.holderOf(code);
    if (holder !== undefined) return holder === gameId;
    const record: DirectoryRecord = {
      type: 'room',
      code,
      gameId,
      ...(expiresAt === undefined ? {} : { expiresAt }),
    };
    const durable = this.write(record).finally(() => this.claiming.delete(code));
    this.claiming.set(code, { gameId, durable });
    await durable;
    return true;
  }

  override async releaseRoom(gameId: string): Promise<void> {
    this.assertOpen();
    if (this.codes.has(gameId)) await this.write({ type: 'roomReleased', gameId });
  }

  override async putToken(gameId: string, seat: Place, tokenHash: string): Promise<void> {
    this.assertOpen();
    await this.write({ type: 'token', gameId, seat, tokenHash });
  }

  /** Why the directory takes no more records, or null while it does. */
  failed(): Error | null {
    return this.file.failed();
  }

  override async close(): Promise<void> {
    await super.close();
    await this.file.close();
  }

  private async write(record: DirectoryRecord): Promise<void> {
    await this.file.append(JSON.stringify(record)).durable;
    this.apply(record);
  }

  private apply(record: DirectoryRecord): void {
    switch (record.type) {
      case 'room':
        return this.recordRoom(record.code, record.gameId, record.expiresAt);
      case 'roomReleased':
        return this.forgetRoom(record.gameId);
      case 'token':
        return this.recordToken(record.gameId, record.seat, record.tokenHash);
    }
  }
}
