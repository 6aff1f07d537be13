/** So many a second, with a burst: a token bucket that holds `burst` tokens and refills `perSecond`. */
export interface Rate {
  perSecond: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets per owner (a connection, an address) and kind of request. An owner untouched for
 * `forgetAfterMs` (longer than any bucket takes to refill) is forgotten, since fresh buckets are the same
 * thing: only owners that spent tokens lately are held.
 */
export class RateLimiter {
  private readonly owners = new Map<string, { at: number; buckets: Map<string, Bucket> }>();
  private takes = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly forgetAfterMs = 10 * 60_000,
  ) {}

  /** Spends one token of the owner's `kind` bucket; false (nothing spent) when it is empty. */
  take(owner: string, kind: string, rate: Rate): boolean {
    const now = this.now();
    if (++this.takes % 1000 === 0) this.prune(now);
    let held = this.owners.get(owner);
    if (held === undefined) {
      held = { at: now, buckets: new Map() };
      this.owners.set(owner, held);
    }
    held.at = now;
    const bucket = held.buckets.get(kind);
    const tokens = bucket === undefined ? rate.burst : refill(bucket, rate, now);
    if (tokens < 1) return false;
    held.buckets.set(kind, { tokens: tokens - 1, at: now });
    return true;
  }

  /** The connection closed: its buckets go with it. */
  forget(owner: string): void {
    this.owners.delete(owner);
  }

  /** Owners held. */
  size(): number {
    return this.owners.size;
  }

  private prune(now: number): void {
    for (const [owner, held] of this.owners)
      if (now - held.at > this.forgetAfterMs) this.owners.delete(owner);
  }
}

function refill(bucket: Bucket, rate: Rate, now: number): number {
  return Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond);
}
