import type { PushBook, PushSubscriber } from '../../ports/push.js';

export interface MemoryPushBookOptions {
  /** Clock for expiry, in ms since the epoch. */
  now?: () => number;
}

interface Entry {
  subscriber: PushSubscriber;
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

  async save(gameId: string, subscriber: PushSubscriber, expiresAt: number): Promise<void> {
    const game = this.games.get(gameId) ?? new Map<string, Entry>();
    game.set(subscriber.target.endpoint, { subscriber: structuredClone(subscriber), expiresAt });
    this.games.set(gameId, game);
  }

  async forGame(gameId: string): Promise<PushSubscriber[]> {
    const game = this.games.get(gameId);
    if (game === undefined) return [];
    const live: PushSubscriber[] = [];
    for (const [endpoint, { subscriber, expiresAt }] of game) {
      if (expiresAt * 1000 <= this.now()) game.delete(endpoint);
      else live.push(structuredClone(subscriber));
    }
    return live;
  }

  async forget(endpoint: string): Promise<void> {
    for (const game of this.games.values()) game.delete(endpoint);
  }
}
