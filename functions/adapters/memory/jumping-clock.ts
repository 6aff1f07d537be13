import type { Timers } from '../../ports/clock.js';
import { systemClock } from '../system/clock.js';

interface Sleeper {
  at: number;
  wake: () => void;
  cancel: () => void;
}

/**
 * Real time that a test can move forward: it runs with the machine's clock until `jumpTo`, which puts it
 * later at once and wakes, in time order, everyone whose time has come. Nothing else changes, so a test
 * that never jumps sees the system clock.
 */
export class JumpingClock implements Timers {
  private offset = 0;
  private readonly sleepers = new Set<Sleeper>();

  now(): number {
    return Date.now() + this.offset;
  }

  wakeAt(at: number, wake: () => void): () => void {
    const sleeper: Sleeper = { at, wake, cancel: () => {} };
    this.sleepers.add(sleeper);
    this.arm(sleeper);
    return () => {
      sleeper.cancel();
      this.sleepers.delete(sleeper);
    };
  }

  /** Moves the clock forward to `at` (never back). */
  jumpTo(at: number): void {
    const ahead = at - this.now();
    if (ahead <= 0) return;
    this.offset += ahead;
    const due = [...this.sleepers].sort((a, b) => a.at - b.at);
    for (const sleeper of due) {
      sleeper.cancel();
      if (sleeper.at <= at) {
        this.sleepers.delete(sleeper);
        sleeper.wake();
      } else {
        this.arm(sleeper);
      }
    }
  }

  private arm(sleeper: Sleeper): void {
    sleeper.cancel = systemClock.wakeAt(sleeper.at - this.offset, () => {
      this.sleepers.delete(sleeper);
      sleeper.wake();
    });
  }
}
