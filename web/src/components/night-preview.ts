import { localized, msg } from '@lit/localize';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { NightOutcome } from '../../../shared/log/records.js';
import { reasonText, seatAndName, wakeName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** What the night would produce if it ended now, with the reasons: the host checks it before advancing. */
@localized()
@customElement('sc-night-preview')
export class NightPreview extends LitElement {
  @property({ attribute: false }) outcomes: NightOutcome[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [shared];

  override render() {
    return html`<section class="card" aria-labelledby="preview-h">
      <h2 id="preview-h">${msg('The night so far', { id: 'preview.title' })}</h2>
      ${
        this.outcomes.length === 0
          ? html`<p class="muted">${msg('Nothing has happened yet.', { id: 'preview.none' })}</p>`
          : html`<ul>
            ${this.outcomes.map(
              (o) => html`<li>
                <strong>${wakeName(o.by)}</strong>${o.target !== null ? ` → ${seatAndName(o.target, this.names[o.target] ?? '')}` : ''}:
                ${reasonText(o.reason)}
              </li>`,
            )}
          </ul>`
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-night-preview': NightPreview;
  }
}
