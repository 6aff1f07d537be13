import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import { fire } from '../events.js';
import { shared } from '../styles/shared.js';

/** A compact row of seat buttons for the host's recording: "who?" and "whom?" in one tap each. */
@customElement('sc-seat-chips')
export class SeatChips extends LitElement {
  @property({ attribute: false }) seats: Seat[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  @property({ type: Number }) selected: Seat | null = null;
  /** Group name and the verb read with each chip ("Shoot"). */
  @property() label = '';
  @property() verb = '';

  static override styles = [
    shared,
    css`
      .chips {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(52px, 1fr));
        gap: 0.4rem;
      }
      button {
        padding: 0.25rem;
        font-weight: 700;
      }
      button[aria-pressed='true'] {
        background: var(--accent);
        color: var(--on-accent);
        border-color: var(--accent);
      }
    `,
  ];

  override render() {
    return html`<div class="chips" role="group" aria-label=${this.label}>
      ${this.seats.map(
        (s) => html`<button
          aria-pressed=${String(this.selected === s)}
          aria-label=${[this.verb, String(s), this.names[s] ?? ''].filter((x) => x).join(' ')}
          title=${this.names[s] ?? ''}
          @click=${() => fire(this, 'sc-seat', s)}
        >
          ${s}
        </button>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seat-chips': SeatChips;
  }
}
