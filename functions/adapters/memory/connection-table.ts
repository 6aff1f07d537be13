import type { Audience, Binding, Place } from '../../ports/directory.js';

/**
 * Connections held in process memory, with the same expiry rule DynamoDB's TTL gives the table: a binding
 * whose `expiresAt` (epoch seconds) has passed is treated as gone. Used by the memory twin and by the log
 * store, whose sockets die with the process anyway.
 */
export class ConnectionTable {
  private readonly byId = new Map<string, { binding: Binding; expiresAt: number }>();
  private readonly byGame = new Map<string, Set<string>>();
  /** Each game's audience `rev`, kept while the game has connections. */
  private readonly revs = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  bind(connectionId: string, binding: Binding, expiresAt: number): void {
    this.unbind(connectionId);
    const { gameId, seat, watcher } = binding;
    this.byId.set(connectionId, {
      binding: { gameId, seat, ...(watcher === undefined ? {} : { watcher }) },
      expiresAt,
    });
    const ids = this.byGame.get(gameId) ?? new Set<string>();
    ids.add(connectionId);
    this.byGame.set(gameId, ids);
    if (seat === 'spectator') this.bump(gameId);
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
    const { gameId, seat } = entry.binding;
    if (seat === 'spectator') this.bump(gameId);
    const ids = this.byGame.get(gameId);
    ids?.delete(connectionId);
    if (ids?.size === 0) {
      // Nobody is left to hold an older `rev`: a client binds again before it reads counts anew.
      this.byGame.delete(gameId);
      this.revs.delete(gameId);
    }
  }

  of(gameId: string): Array<{ connectionId: string; seat: Place }> {
    const live: Array<{ connectionId: string; seat: Place }> = [];
    for (const connectionId of [...(this.byGame.get(gameId) ?? [])]) {
      const binding = this.get(connectionId);
      if (binding !== null) live.push({ connectionId, seat: binding.seat });
    }
    return live;
  }

  audience(gameId: string): Audience {
    const rev = this.revs.get(gameId) ?? 0;
    const watchers = new Set<string>();
    for (const connectionId of [...(this.byGame.get(gameId) ?? [])]) {
      const binding = this.get(connectionId);
      if (binding?.seat === 'spectator') watchers.add(binding.watcher ?? `connection:${connectionId}`);
    }
    return { count: watchers.size, rev };
  }

  private bump(gameId: string): void {
    this.revs.set(gameId, (this.revs.get(gameId) ?? 0) + 1);
  }

  private expired(expiresAt: number): boolean {
    return expiresAt * 1000 <= this.now();
  }
}
