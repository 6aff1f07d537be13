import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keeps the screen on while a game is in progress (Screen Wake Lock API, where the browser has it). The
 * browser drops the lock whenever the page is hidden, so it is asked for again when the page comes back.
 */
export class WakeLock implements ReactiveController {
  private sentinel: WakeLockSentinel | null = null;
  private wanted = false;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** True while the screen should stay on. */
  set active(on: boolean) {
    if (on === this.wanted) return;
    this.wanted = on;
    if (on) void this.acquire();
    else this.release();
  }

  get active(): boolean {
    return this.wanted;
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.release();
  }

  private readonly onVisibility = () => {
    if (this.wanted && document.visibilityState === 'visible' && !this.sentinel) void this.acquire();
  };

  private async acquire(): Promise<void> {
    if (!('wakeLock' in navigator) || document.visibilityState !== 'visible' || this.sentinel) return;
    try {
      const sentinel = await navigator.wakeLock.request('screen');
      if (!this.wanted) {
        void sentinel.release();
        return;
      }
      this.sentinel = sentinel;
      sentinel.addEventListener('release', () => {
        if (this.sentinel === sentinel) this.sentinel = null;
      });
    } catch {
      // Refused (battery saver, no user gesture yet): the game works without it.
    }
  }

  private release(): void {
    const s = this.sentinel;
    this.sentinel = null;
    if (s) void s.release();
  }
}
