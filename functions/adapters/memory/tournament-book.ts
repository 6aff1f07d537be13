import type { KeepResult, KeptTournament, TournamentBook } from '../../ports/tournament-book.js';

/** In-process twin of the DynamoDB tournament book; each reading is a copy, as a store's would be. */
export class MemoryTournamentBook implements TournamentBook {
  protected readonly kept = new Map<string, KeptTournament>();

  async keep(t: KeptTournament): Promise<KeepResult> {
    if (!this.follows(t)) return 'conflict';
    this.remember(t);
    return 'kept';
  }

  async get(id: string): Promise<KeptTournament | null> {
    const t = this.kept.get(id);
    return t === undefined ? null : structuredClone(t);
  }

  async close(): Promise<void> {}

  /** Whether `t` is the next revision of what is kept. */
  protected follows(t: KeptTournament): boolean {
    return (this.kept.get(t.id)?.rev ?? 0) === t.rev - 1;
  }

  protected remember(t: KeptTournament): void {
    this.kept.set(t.id, structuredClone(t));
  }
}
