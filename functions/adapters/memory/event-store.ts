import type { AppendResult, Commit, EventStore } from '../../ports/event-store.js';

/**
 * In-process twin of the event store. Commits go through a JSON round trip on the way in and out, as they
 * do in every durable store, so a caller can neither mutate stored history nor rely on values JSON drops.
 */
export class MemoryEventStore implements EventStore {
  private readonly games = new Map<string, string[]>();
  private closed = false;

  async append(commit: Commit): Promise<AppendResult> {
    this.assertOpen();
    const log = this.games.get(commit.gameId) ?? [];
    if (commit.seq !== log.length + 1) return { ok: false, reason: 'conflict' };
    log.push(JSON.stringify(commit));
    this.games.set(commit.gameId, log);
    return { ok: true };
  }

  async read(gameId: string, afterSeq = 0): Promise<Commit[]> {
    this.assertOpen();
    const log = this.games.get(gameId) ?? [];
    return log.slice(Math.max(0, afterSeq)).map((json) => JSON.parse(json) as Commit);
  }

  async listGames(): Promise<string[]> {
    this.assertOpen();
    return [...this.games.keys()];
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event store is closed');
  }
}
