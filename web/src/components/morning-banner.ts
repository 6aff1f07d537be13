import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { MorningView } from '../../../shared/views/types.js';
import { seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** The morning's announcement: who did not wake up, or that everyone did (C4: only the result is told). */
@localized()
@customElement('sc-morning-banner')
export class MorningBanner extends LitElement {
  @property({ attribute: false }) morning: MorningView | null = null;
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [
    shared,
    css`
      .card {
        border-left: 6px solid var(--accent);
      }
    `,
  ];

  override render() {
    const m = this.morning;
    if (!m) return html``;
    const who = m.killed.map((s) => seatAndName(s, this.names[s] ?? '')).join(', ');
    return html`<section class="card" role="status" aria-live="polite">
      <h2>${msg('Morning', { id: 'morning.title' })}</h2>
      <p>
        ${
          m.killed.length === 0
            ? msg(str`Night ${m.round}: nobody died.`, { id: 'morning.nobody' })
            : msg(str`Night ${m.round}: ${who} did not wake up.`, { id: 'morning.killed' })
        }
      </p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-morning-banner': MorningBanner;
  }
}
