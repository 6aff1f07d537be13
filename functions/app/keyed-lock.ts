/**
 * Runs tasks one at a time per key, in arrival order; tasks of different keys run concurrently. Commands to
 * one game are serialized in this process so they do not race each other for the next sequence number (the
 * store's conditional append still settles races between processes).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running. */
  busy(): number {
    return this.tails.size;
  }
}
