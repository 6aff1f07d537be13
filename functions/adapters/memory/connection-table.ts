import type { Binding, Place } from '../../ports/directory.js';

/**
 * Connections held in process memory, with the same expiry rule DynamoDB's TTL gives the table: a binding
 * whose `expiresAt` (epoch seconds) has passed is treated as gone. Used by the memory twin and by the log
 * store, whose sockets die with the process anyway.
 */
export class ConnectionTable {
  private readonly byId = new Map<string, { binding: Binding; expiresAt: number }>();
  private readonly byGame = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  bind(connectionId: string, binding: Binding, expiresAt: number): void {
    this.unbind(connectionId);
    this.byId.set(connectionId, { binding: { gameId: binding.gameId, seat: binding.seat }, expiresAt });
    const ids = this.byGame.get(binding.gameId) ?? new Set<string>();
    ids.add(connectionId);
    this.byGame.set(binding.gameId, ids);
  }

  get(connectionId: string): Binding | null {
    const entry = this.byId.get(connectionId);
    if (entry === undefined) return null;
    if (this.expired(entry.expiresAt)) {
      this.unbind(connectionId);
      return null;
    }
    return { ...entry.binding };
  }

  unbind(connectionId: string): void {
    const entry = this.byId.get(connectionId);
    if (entry === undefined) return;
    this.byId.delete(connectionId);
    const ids = this.byGame.get(entry.binding.gameId);
    ids?.delete(connectionId);
    if (ids?.size === 0) this.byGame.delete(entry.binding.gameId);
  }

  of(gameId: string): Array<{ connectionId: string; seat: Place }> {
    const live: Array<{ connectionId: string; seat: Place }> = [];
    for (const connectionId of [...(this.byGame.get(gameId) ?? [])]) {
      const binding = this.get(connectionId);
      if (binding !== null) live.push({ connectionId, seat: binding.seat });
    }
    return live;
  }

  private expired(expiresAt: number): boolean {
    return expiresAt * 1000 <= this.now();
  }
}
