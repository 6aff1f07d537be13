import type { Audience, Binding, Directory, Place } from '../../ports/directory.js';
import { ConnectionTable } from './connection-table.js';

export interface MemoryDirectoryOptions {
  /** Clock for connection expiry, in ms since the epoch. */
  now?: () => number;
}

/**
 * In-process twin of the directory: nothing survives the process. The embedded log's directory keeps the
 * same maps and makes rooms and tokens durable on top of them.
 */
export class MemoryDirectory implements Directory {
  /** Who holds each code, until when (epoch seconds; Infinity: until released). */
  private readonly rooms = new Map<string, { gameId: string; expiresAt: number }>();
  /** The code each game holds. */
  protected readonly codes = new Map<string, string>();
  /** The code each game held before it released it (see `reclaimRoom`). */
  private readonly releasedCodes = new Map<string, string>();
  private readonly tokens = new Map<string, Map<string, Place>>();
  private readonly connections: ConnectionTable;
  private readonly now: () => number;
  private closed = false;

  constructor(options: MemoryDirectoryOptions = {}) {
    this.now = options.now ?? Date.now;
    this.connections = new ConnectionTable(this.now);
  }

  async claimRoomCode(code: string, gameId: string, expiresAt?: number): Promise<boolean> {
    this.assertOpen();
    const holder = this.holderOf(code);
    if (holder !== undefined) return holder === gameId;
    this.recordRoom(code, gameId, expiresAt);
    return true;
  }

  async gameForCode(code: string): Promise<string | null> {
    this.assertOpen();
    return this.holderOf(code) ?? null;
  }

  async releaseRoom(gameId: string): Promise<void> {
    this.assertOpen();
    this.forgetRoom(gameId);
  }

  async reclaimRoom(gameId: string, expiresAt: number): Promise<string | null> {
    this.assertOpen();
    const code = this.codes.get(gameId) ?? this.releasedCodes.get(gameId);
    if (code === undefined) return null;
    return (await this.claimRoomCode(code, gameId, expiresAt)) ? code : null;
  }

  async putToken(gameId: string, seat: Place, tokenHash: string): Promise<void> {
    this.assertOpen();
    this.recordToken(gameId, seat, tokenHash);
  }

  async seatForToken(gameId: string, tokenHash: string): Promise<Place | null> {
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

  async connectionsOf(gameId: string): Promise<Array<{ connectionId: string; seat: Place }>> {
    this.assertOpen();
    return this.connections.of(gameId);
  }

  async audience(gameId: string): Promise<Audience> {
    this.assertOpen();
    return this.connections.audience(gameId);
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** The game holding the code, as long as its hold has not expired (the same rule as DynamoDB's TTL). */
  protected holderOf(code: string): string | undefined {
    const room = this.rooms.get(code);
    if (room === undefined || room.expiresAt * 1000 > this.now()) return room?.gameId;
    return undefined;
  }

  protected recordRoom(code: string, gameId: string, expiresAt = Number.POSITIVE_INFINITY): void {
    this.rooms.set(code, { gameId, expiresAt });
    this.codes.set(gameId, code);
    this.releasedCodes.delete(gameId);
  }

  protected forgetRoom(gameId: string): void {
    const code = this.codes.get(gameId);
    if (code === undefined) return;
    this.codes.delete(gameId);
    this.releasedCodes.set(gameId, code);
    if (this.rooms.get(code)?.gameId === gameId) this.rooms.delete(code);
  }

  protected recordToken(gameId: string, seat: Place, tokenHash: string): void {
    const ofGame = this.tokens.get(gameId) ?? new Map<string, Place>();
    ofGame.set(tokenHash, seat);
    this.tokens.set(gameId, ofGame);
  }

  protected assertOpen(): void {
    if (this.closed) throw new Error('directory is closed');
  }
}
