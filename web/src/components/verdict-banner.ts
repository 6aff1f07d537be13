import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { seatAndName } from '../i18n/names.js';
import type { Verdict } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/** The day's vote told to everyone: "4 · Elena is voted out (4 of 7)". */
@localized()
@customElement('sc-verdict-banner')
export class VerdictBanner extends LitElement {
  @property({ attribute: false }) verdict: Verdict | null = null;
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [
    shared,
    css`
      .card {
        border-left: 6px solid var(--danger);
      }
    `,
  ];

  override render() {
    const v = this.verdict;
    if (!v) return html``;
    const who = v.seats.map((s) => seatAndName(s, this.names[s] ?? '')).join(', ');
    return html`<section class="card" role="status" aria-live="polite">
      <h2>${msg(str`Day ${v.round}: the vote`, { id: 'verdict.title' })}</h2>
      <p>
        ${
          v.seats.length === 1
            ? msg(str`${who} is voted out (${v.votes} of ${v.of}).`, { id: 'verdict.one' })
            : msg(str`${who} are voted out (${v.votes} of ${v.of}).`, { id: 'verdict.many' })
        }
      </p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-verdict-banner': VerdictBanner;
  }
}
