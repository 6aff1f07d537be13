import { msg } from '@lit/localize';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { GameView } from '../../../shared/views/types.js';
import type { KeyValueStore } from '../logic/sessions.js';
import { clockCue, type Signal, signalsOf } from '../logic/signals.js';

/** Where the phone remembers that its player muted the sound and the vibration. */
export const MUTED_KEY = 'sc.signals.muted';

/** How each signal buzzes (ms on, off, on) and sounds (Hz): told apart without looking. */
const CUES: Record<Signal, { vibrate: number[]; tone: number }> = {
  turn: { vibrate: [200, 100, 200], tone: 880 },
  night: { vibrate: [400], tone: 330 },
  voted: { vibrate: [100, 60, 100, 60, 100], tone: 660 },
  clock: { vibrate: [150], tone: 1320 },
};

const TONE_SECONDS = 0.18;

function title(signal: Signal): string {
  switch (signal) {
    case 'turn':
      return msg('Your turn', { id: 'signal.turn' });
    case 'night':
      return msg('Night falls', { id: 'signal.night' });
    case 'voted':
      return msg('A vote against you', { id: 'signal.voted' });
    case 'clock':
      return msg('10 seconds left', { id: 'signal.clock' });
  }
}

/**
 * Signals for the game's moments, driven by the views the shell receives: a vibration and a short tone
 * (unless muted — remembered on the phone), and a notification through the service worker while the app is
 * in the background and the player has allowed it. The host's screen also gets the judge's 10-second cue.
 */
export class Signals implements ReactiveController {
  private last: GameView | null = null;
  private cued: string | null = null;
  /** The running clock as last seen (id, end, length) and when this phone first saw it so. */
  private clockSeen = { key: '', at: 0 };
  private timer: ReturnType<typeof setInterval> | undefined;
  private audio: AudioContext | null = null;
  private mutedNow: boolean;

  constructor(
    host: ReactiveControllerHost,
    private readonly store: KeyValueStore,
  ) {
    this.mutedNow = store.getItem(MUTED_KEY) === '1';
    host.addController(this);
  }

  get muted(): boolean {
    return this.mutedNow;
  }

  set muted(on: boolean) {
    this.mutedNow = on;
    if (on) this.store.setItem(MUTED_KEY, '1');
    else this.store.removeItem(MUTED_KEY);
  }

  hostConnected(): void {
    this.timer = setInterval(() => this.tick(), 500);
  }

  hostDisconnected(): void {
    clearInterval(this.timer);
    void this.audio?.close();
    this.audio = null;
  }

  /** A new view of the game on screen (or none: another game, or home). */
  viewChanged(view: GameView | null): void {
    const before = this.last;
    this.last = view;
    if (!view) return;
    const c = view.clock;
    const key = c ? `${c.id}:${c.at}:${c.remaining}` : '';
    if (key !== this.clockSeen.key) this.clockSeen = { key, at: Date.now() };
    const signals = signalsOf(before, view);
    if (signals.length > 0) this.fire(signals);
  }

  /**
   * Asks once for leave to notify in the background, from a tap (browsers ignore a request made without
   * one).
   */
  askToNotify(): void {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default')
      void Notification.requestPermission();
  }

  private tick(): void {
    const id = clockCue(this.last, Date.now(), this.clockSeen.at);
    if (id !== null && id !== this.cued) {
      this.cued = id;
      this.fire(['clock']);
    }
  }

  /** One buzz and one tone, the strongest signal's; the notification names them all ("Your turn · Night falls"). */
  private fire(signals: Signal[]): void {
    const cue = CUES[signals[0]];
    if (!this.mutedNow) {
      navigator.vibrate?.(cue.vibrate);
      this.tone(cue.tone);
    }
    if (document.visibilityState === 'hidden') void this.notify(signals.map(title).join(' · '));
  }

  private tone(hz: number): void {
    try {
      this.audio ??= new AudioContext();
      const ctx = this.audio;
      void ctx.resume();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.2, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + TONE_SECONDS);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + TONE_SECONDS);
    } catch {
      // No audio output (or none allowed yet): the vibration and the screen still tell.
    }
  }

  /** Through the service worker where one controls the page (a phone's installed app), else directly. */
  private async notify(text: string): Promise<void> {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const options = { body: text, tag: 'sc-signal', icon: 'icons/icon-192.png' };
    try {
      const registration = await navigator.serviceWorker?.getRegistration();
      if (registration) await registration.showNotification('Sleeping City', options);
      else new Notification('Sleeping City', options);
    } catch {
      // A browser that refuses notifications here: the signal stays on the screen.
    }
  }
}
