import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClockView } from '../../../shared/views/types.js';
import { secondsLeft } from '../logic/clock.js';

/**
 * Counts a phase clock down on screen. The server's deadline (`clock.at`) is the truth; this only redraws
 * its host when the whole second shown changes, so a page of tiles is not re-rendered four times a second.
 */
export class Countdown implements ReactiveController {
  clock: ClockView | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private shown: number | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly now: () => number = Date.now,
  ) {
    host.addController(this);
  }

  get seconds(): number | null {
    return secondsLeft(this.clock, this.now());
  }

  hostConnected(): void {
    this.timer = setInterval(() => {
      const s = this.seconds;
      if (s !== this.shown) {
        this.shown = s;
        this.host.requestUpdate();
      }
    }, 250);
  }

  hostDisconnected(): void {
    clearInterval(this.timer);
  }
}
