import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { DEAL_CHOICES, type DealChoice } from '../logic/deal.js';
import { shared } from '../styles/shared.js';

/**
 * How a judge deals at a live table, asked every time before the start: players without a phone learn their
 * roles only by the way he picks here. Raises `sc-deal` with the choice.
 */
@localized()
@customElement('sc-deal-choice')
export class DealChoiceElement extends LitElement {
  @property({ attribute: false }) chosen: DealChoice | null = null;

  static override styles = [
    shared,
    css`
      fieldset {
        border: 1px solid var(--line);
        border-radius: 12px;
        margin: 0.5rem 0;
        padding: 0.5rem 0.75rem;
      }
      legend {
        font-weight: 700;
        padding: 0 0.25rem;
      }
      label {
        display: flex;
        gap: 0.6rem;
        align-items: center;
        min-height: 44px;
      }
      input {
        width: 1.4rem;
        height: 1.4rem;
        flex: none;
      }
    `,
  ];

  override render() {
    return html`<fieldset>
      <legend>${msg('How are the roles dealt?', { id: 'deal.ask' })}</legend>
      ${DEAL_CHOICES.map(
        (choice) => html`<label>
          <input
            type="radio"
            name="deal"
            .checked=${this.chosen === choice}
            @change=${() => fire(this, 'sc-deal', choice)}
          />
          <span>${this.label(choice)}</span>
        </label>`,
      )}
    </fieldset>`;
  }

  private label(choice: DealChoice): string {
    switch (choice) {
      case 'random':
        return msg('At random on this phone, then passed round: each player sees his own card', {
          id: 'deal.random',
        });
      case 'physical':
        return msg('Physical cards: players draw real cards, you enter what each drew', {
          id: 'deal.physical',
        });
      case 'manual':
        return msg('By hand: you give each player his role', { id: 'deal.manual' });
      case 'cards':
        return msg('Face-down cards, each player picks one on his own phone', { id: 'deal.cards' });
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-deal-choice': DealChoiceElement;
  }
}
