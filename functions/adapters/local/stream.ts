import type { AppendResult, Commit, EventStore } from '../../ports/event-store.js';

/**
 * The local stand-in for the table's stream: every commit the store accepted is handed to `onCommit` after
 * the append resolved (so after it is durable), as a stream record would reach the projector. Delivery is
 * not awaited by the writer, as on AWS; `drain` waits for deliveries still running.
 */
export class StreamedEventStore implements EventStore {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly inner: EventStore,
    private readonly onCommit: (commit: Commit) => Promise<unknown>,
    private readonly onError: (error: unknown, commit: Commit) => void,
  ) {}

  async append(commit: Commit): Promise<AppendResult> {
    const result = await this.inner.append(commit);
    if (result.ok) {
      const delivery = this.onCommit(commit).then(
        () => undefined,
        (error: unknown) => this.onError(error, commit),
      );
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    }
    return result;
  }

  read(gameId: string, afterSeq?: number): Promise<Commit[]> {
    return this.inner.read(gameId, afterSeq);
  }

  listGames(): Promise<string[]> {
    return this.inner.listGames();
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
