import { localized, msg } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ClockView } from '../../../shared/views/types.js';
import { Countdown } from '../controllers/countdown.js';
import { timeLeft } from '../i18n/forum-names.js';
import { shared } from '../styles/shared.js';

/** The time left in a forum day or night, in hours and minutes. */
@localized()
@customElement('sc-forum-clock')
export class ForumClock extends LitElement {
  @property({ attribute: false }) clock: ClockView | null = null;
  private readonly countdown = new Countdown(this);

  static override styles = [
    shared,
    css`
      p {
        margin: 0;
        font-weight: 700;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clock')) this.countdown.clock = this.clock;
  }

  override render() {
    const seconds = this.countdown.seconds;
    if (seconds === null) return html``;
    return html`<p role="timer" aria-label=${msg('Time left in this phase', { id: 'forum.timeLeft' })}>
      ${timeLeft(seconds)}
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-clock': ForumClock;
  }
}
