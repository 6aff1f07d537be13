import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { YouView } from '../../../shared/views/types.js';
import { checkText, seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/**
 * A checker's answers (Sheriff, Don, Commissar…), kept in view by day for the rest of the game: a check
 * that was the night's last action ends the night at once, so the answer must still be there in the
 * morning. Only his own view carries them.
 */
@localized()
@customElement('sc-my-checks')
export class MyChecks extends LitElement {
  @property({ attribute: false }) checks: YouView['checks'] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  /** The night the morning tells of: its answer leads, announced. */
  @property({ attribute: false }) night: number | null = null;

  static override styles = [
    shared,
    css`
      .card {
        border-left: 6px solid var(--focus);
      }
      .latest {
        font-weight: 700;
      }
      ul {
        margin: 0.25rem 0 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  override render() {
    if (this.checks.length === 0) return html``;
    const latest = this.checks.filter((c) => c.round === this.night);
    return html`<section class="card" aria-labelledby="my-checks-h">
      <h2 id="my-checks-h">${msg('My checks', { id: 'checks.title' })}</h2>
      <div role="status" aria-live="polite">
        ${latest.map(
          (c) =>
            html`<p class="latest">
              ${msg(str`Last night: ${this.seat(c.target)} is ${checkText(c.result)}`, { id: 'checks.lastNight' })}
            </p>`,
        )}
      </div>
      <ul>
        ${this.checks.map(
          (c) =>
            html`<li>${msg(str`Night ${c.round}: ${this.seat(c.target)} is ${checkText(c.result)}`, { id: 'night.check' })}</li>`,
        )}
      </ul>
    </section>`;
  }

  private seat(seat: Seat): string {
    return seatAndName(seat, this.names[seat] ?? '');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-my-checks': MyChecks;
  }
}
