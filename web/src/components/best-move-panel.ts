import { localized, msg, str } from '@lit/localize';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import { seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** The best move (sport): the first player killed at night names three players he thinks are black. */
@localized()
@customElement('sc-best-move-panel')
export class BestMovePanel extends LitElement {
  @property({ attribute: false }) picked: Seat[] = [];
  @property({ attribute: false }) made: Seat[] | null = null;
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [shared];

  override render() {
    const list = (seats: Seat[]) => seats.map((s) => seatAndName(s, this.names[s] ?? '')).join(', ');
    return html`<section class="card">
      <h2>${msg('Best move', { id: 'set.bestMove' })}</h2>
      ${
        this.made
          ? html`<p>${msg(str`Named: ${list(this.made)}`, { id: 'best.made' })}</p>`
          : html`<p>${msg('Name three players you believe are mafia: tap their tiles.', { id: 'best.hint' })}</p>
            <p aria-live="polite">${msg(str`Chosen ${this.picked.length} of 3`, { id: 'best.count' })}${
              this.picked.length ? `: ${list(this.picked)}` : ''
            }</p>`
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-best-move-panel': BestMovePanel;
  }
}
