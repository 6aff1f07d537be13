import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { pushRequest } from '../events.js';
import { keyBytes, madeUnderKey } from '../logic/push-key.js';

/** unsupported: no push in this browser; unavailable: the server sends none; denied: the player said no. */
export type PushState = 'unsupported' | 'off' | 'working' | 'on' | 'denied' | 'unavailable';

/** A service worker that never becomes ready (none registered, as in development) must not hang the button. */
const READY_TIMEOUT_MS = 5000;

/**
 * This phone's Web Push subscription for the game on screen: made once the player allows notifications,
 * and handed to the server again each time the game opens (a server may have forgotten it), with the
 * server key it was made with, so that a new phase wakes the phone while the app is closed. A subscription
 * under a key the server no longer hands out is replaced by one under its current key.
 */
export class PushSubscriber implements ReactiveController {
  state: PushState = 'off';

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  hostConnected(): void {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
      this.set('unsupported');
      return;
    }
    if (Notification.permission === 'denied') this.set('denied');
    else if (Notification.permission === 'granted') void this.subscribe();
  }

  hostDisconnected(): void {}

  /** The player's tap: ask for permission, then subscribe. */
  async enable(): Promise<void> {
    if (this.state === 'unsupported' || this.state === 'working') return;
    this.set('working');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      this.set(permission === 'denied' ? 'denied' : 'off');
      return;
    }
    await this.subscribe();
  }

  private async subscribe(): Promise<void> {
    this.set('working');
    try {
      const key = await pushRequest(this.host);
      if (typeof key !== 'string') return this.set('unavailable');
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
      ]);
      if (!registration) return this.set('unsupported');
      const existing = await registration.pushManager.getSubscription();
      // Made under keys the server has since rotated away from: subscribe anew under the current one.
      const sameKey = madeUnderKey(existing?.options.applicationServerKey, key);
      if (existing && !sameKey) await existing.unsubscribe();
      const subscription =
        existing && sameKey
          ? existing
          : await registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: keyBytes(key),
            });
      const saved = await pushRequest(this.host, { subscription: subscription.toJSON(), serverKey: key });
      this.set(saved === true ? 'on' : 'unavailable');
    } catch {
      this.set('off');
    }
  }

  private set(state: PushState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
