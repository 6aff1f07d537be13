import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Binding, Directory } from '../../ports/directory.js';
import { ConnectionTable } from '../memory/connection-table.js';
import { RecordFile, type RecordFileOptions } from './record-file.js';

export const DIRECTORY_FILE = 'directory.log';

export interface LogDirectoryOptions extends RecordFileOptions {
  /** Data directory; created if missing. Rooms and token hashes go to `<dir>/directory.log`. */
  dir: string;
  /** Clock for connection expiry, in ms since the epoch. */
  now?: () => number;
}

type DirectoryRecord =
  | { type: 'room'; code: string; gameId: string }
  | { type: 'token'; gameId: string; seat: number | 'host'; tokenHash: string };

/**
 * The embedded directory: rooms and token hashes in a small append-only file with the same framing and
 * group commit as the commits (they must survive a restart, or players could not resume); connections in
 * memory, because the sockets they name die with the process.
 */
export class LogDirectory implements Directory {
  private readonly rooms = new Map<string, string>();
  /** Claims written but not yet synced: they already block other games, but are not yet readable. */
  private readonly claiming = new Map<string, { gameId: string; durable: Promise<unknown> }>();
  private readonly tokens = new Map<string, Map<string, number | 'host'>>();
  private readonly connections: ConnectionTable;
  private file!: RecordFile;
  private closed = false;

  private constructor(now?: () => number) {
    this.connections = new ConnectionTable(now);
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

  async claimRoomCode(code: string, gameId: string): Promise<boolean> {
    this.assertOpen();
    const claim = this.claiming.get(code);
    if (claim !== undefined) {
      await claim.durable;
      return claim.gameId === gameId;
    }
    const holder = this.rooms.get(code);
    if (holder !== undefined) return holder === gameId;
    const record: DirectoryRecord = { type: 'room', code, gameId };
    const durable = this.write(record).finally(() => this.claiming.delete(code));
    this.claiming.set(code, { gameId, durable });
    await durable;
    return true;
  }

  async gameForCode(code: string): Promise<string | null> {
    this.assertOpen();
    return this.rooms.get(code) ?? null;
  }

  async putToken(gameId: string, seat: number | 'host', tokenHash: string): Promise<void> {
    this.assertOpen();
    await this.write({ type: 'token', gameId, seat, tokenHash });
  }

  async seatForToken(gameId: string, tokenHash: string): Promise<number | 'host' | null> {
    this.assertOpen();
    return this.tokens.get(gameId)?.get(tokenHash) ?? null;
  }

  async bindConnection(connectionId: string, binding: Binding, expiresAt: number): Promise<void> {
    this.assertOpen();
    this.connections.bind(connectionId, binding, expiresAt);
  }

  async connection(connectionId: string): Promise<Binding | null> {
    this.assertOpen();
    return this.connections.get(connectionId);
  }

  async unbindConnection(connectionId: string): Promise<void> {
    this.assertOpen();
    this.connections.unbind(connectionId);
  }

  async connectionsOf(gameId: string): Promise<Array<{ connectionId: string; seat: number | 'host' }>> {
    this.assertOpen();
    return this.connections.of(gameId);
  }

  close(): Promise<void> {
    this.closed = true;
    return this.file.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('directory is closed');
  }

  private async write(record: DirectoryRecord): Promise<void> {
    await this.file.append(JSON.stringify(record)).durable;
    this.apply(record);
  }

  private apply(record: DirectoryRecord): void {
    if (record.type === 'room') {
      this.rooms.set(record.code, record.gameId);
      return;
    }
    const ofGame = this.tokens.get(record.gameId) ?? new Map<string, number | 'host'>();
    ofGame.set(record.tokenHash, record.seat);
    this.tokens.set(record.gameId, ofGame);
  }
}
