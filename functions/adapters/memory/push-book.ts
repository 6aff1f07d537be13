import type { PushBook, PushReader, PushTarget } from '../../ports/push.js';

export interface MemoryPushBookOptions {
  /** Clock for expiry, in ms since the epoch. */
  now?: () => number;
}

interface Entry {
  reader: PushReader;
  target: PushTarget;
  expiresAt: number;
}

/**
 * Subscriptions in the process: the local server's (a PWA sends its subscription again on every resume).
 * A subscription whose `expiresAt` (epoch seconds) has passed is gone, the rule DynamoDB's TTL gives the
 * table.
 */
export class MemoryPushBook implements PushBook {
  private readonly games = new Map<string, Map<string, Entry>>();
  private readonly now: () => number;

  constructor(options: MemoryPushBookOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  async save(gameId: string, reader: PushReader, target: PushTarget, expiresAt: number): Promise<void> {
    const game = this.games.get(gameId) ?? new Map<string, Entry>();
    game.set(target.endpoint, { reader, target: structuredClone(target), expiresAt });
    this.games.set(gameId, game);
  }

  async forGame(gameId: string): Promise<Array<{ reader: PushReader; target: PushTarget }>> {
    const game = this.games.get(gameId);
    if (game === undefined) return [];
    const live: Array<{ reader: PushReader; target: PushTarget }> = [];
    for (const [endpoint, { reader, target, expiresAt }] of game) {
      if (expiresAt * 1000 <= this.now()) game.delete(endpoint);
      else live.push({ reader, target: structuredClone(target) });
    }
    return live;
  }

  async forget(endpoint: string): Promise<void> {
    for (const game of this.games.values()) game.delete(endpoint);
  }
}
