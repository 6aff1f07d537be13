import { localized, msg } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ClockView } from '../../../shared/views/types.js';
import { Countdown } from '../controllers/countdown.js';
import { formatSeconds } from '../logic/clock.js';
import { shared } from '../styles/shared.js';

/** The phase's countdown. Advisory clocks (narrator, moderator) only inform; the automatic master's end the step. */
@localized()
@customElement('sc-phase-clock')
export class PhaseClock extends LitElement {
  @property({ attribute: false }) clock: ClockView | null = null;
  /** The host's desk: an advisory clock is his to keep, so only he is told it is advisory. */
  @property({ type: Boolean }) keeper = false;
  private readonly countdown = new Countdown(this);

  static override styles = [
    shared,
    css`
      :host {
        font-variant-numeric: tabular-nums;
      }
      .time {
        font-size: 1.6rem;
        font-weight: 800;
      }
      .low {
        color: var(--danger);
      }
      .note {
        font-size: 0.75rem;
        color: var(--muted);
        display: block;
        text-align: right;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clock')) this.countdown.clock = this.clock;
  }

  override render() {
    const left = this.countdown.seconds;
    if (left === null || !this.clock) return html``;
    const paused = this.clock.at === null;
    return html`<span role="timer" aria-label=${msg('Time left', { id: 'clock.label' })} class="time ${left <= 5 && !paused ? 'low' : ''}"
        >${formatSeconds(left)}</span
      >${
        paused
          ? html`<span class="note">${msg('paused', { id: 'clock.paused' })}</span>`
          : this.clock.advisory && this.keeper
            ? html`<span class="note">${msg('advisory', { id: 'clock.advisory' })}</span>`
            : ''
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-phase-clock': PhaseClock;
  }
}
