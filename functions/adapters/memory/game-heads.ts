import type { GameHead, GameHeads } from '../../ports/game-heads.js';

/** In-process twin of the DynamoDB game heads. */
export class MemoryGameHeads implements GameHeads {
  private readonly heads = new Map<string, { seq: number; pending: GameHead | null }>();

  async note(gameId: string, seq: number, pending: { deadlineId: string; at: number } | null): Promise<void> {
    const kept = this.heads.get(gameId);
    if (kept !== undefined && kept.seq >= seq) return;
    this.heads.set(gameId, { seq, pending: pending === null ? null : { gameId, ...pending, seq } });
  }

  async waitingSince(before: number): Promise<GameHead[]> {
    return [...this.heads.values()]
      .flatMap(({ pending }) => (pending !== null && pending.at < before ? [{ ...pending }] : []))
      .sort((a, b) => a.at - b.at);
  }
}
