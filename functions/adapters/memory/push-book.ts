import type { PushBook, PushReader, PushTarget } from '../../ports/push.js';

/** Subscriptions in the process: the local server's (a PWA sends its subscription again on every resume). */
export class MemoryPushBook implements PushBook {
  private readonly games = new Map<string, Map<string, { reader: PushReader; target: PushTarget }>>();

  async save(gameId: string, reader: PushReader, target: PushTarget): Promise<void> {
    const game = this.games.get(gameId) ?? new Map();
    game.set(target.endpoint, { reader, target: structuredClone(target) });
    this.games.set(gameId, game);
  }

  async forGame(gameId: string): Promise<Array<{ reader: PushReader; target: PushTarget }>> {
    return [...(this.games.get(gameId)?.values() ?? [])].map((entry) => structuredClone(entry));
  }

  async forget(endpoint: string): Promise<void> {
    for (const game of this.games.values()) game.delete(endpoint);
  }
}
