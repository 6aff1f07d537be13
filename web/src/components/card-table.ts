import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { shared } from '../styles/shared.js';

/** Face-down cards on the table (C22, E2): the player whose turn it is picks one; taken ones are gone. */
@localized()
@customElement('sc-card-table')
export class CardTable extends LitElement {
  @property({ type: Number }) count = 0;
  @property({ attribute: false }) taken: number[] = [];
  @property({ type: Boolean }) mine = false;

  static override styles = [
    shared,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(64px, 1fr));
        gap: 0.5rem;
      }
      button {
        min-height: 88px;
        font-size: 1.2rem;
        font-weight: 700;
        background: repeating-linear-gradient(45deg, var(--surface), var(--surface) 6px, var(--line) 6px, var(--line) 8px);
      }
      button[disabled] {
        opacity: 0.25;
      }
    `,
  ];

  override render() {
    const cards = Array.from({ length: this.count }, (_, i) => i + 1);
    return html`<div class="cards" role="group" aria-label=${msg('Face-down cards', { id: 'cards.label' })}>
      ${cards.map(
        (card) => html`<button
          ?disabled=${!this.mine || this.taken.includes(card)}
          aria-label=${msg(str`Card ${card}`, { id: 'cards.card' })}
          @click=${() => fire(this, 'sc-pick', card)}
        >
          ${card}
        </button>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-card-table': CardTable;
  }
}
