import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../styles/shared.js';

/**
 * How many spectators watch the room, in the header for players, host and spectators alike: a drawn eye and
 * the number on a phone, the words ("3 watching") where there is room, shown only while someone watches. A
 * polite live region, so a screen reader hears arrivals.
 */
@localized()
@customElement('sc-audience-count')
export class AudienceCount extends LitElement {
  @property({ type: Number }) count = 0;

  static override styles = [
    shared,
    css`
      :host {
        display: inline-flex;
      }
      [role='status'] {
        display: inline-flex;
        align-items: center;
        gap: 0.25rem;
        font-size: 0.9rem;
        font-weight: 600;
        white-space: nowrap;
        color: var(--muted);
      }
      svg {
        width: 20px;
        height: 20px;
      }
      /* The words are heard on a phone (sr-only) and seen where the header has room for them. */
      @media (min-width: 480px) {
        .number {
          display: none;
        }
        .words.sr-only {
          all: unset;
        }
      }
    `,
  ];

  override render() {
    const label = msg(str`${this.count} watching`, { id: 'audience.count' });
    // A phone's header is narrow: there the eye and the number are shown, the words are its tooltip; a
    // screen reader hears a sentence, which a wider screen shows.
    return html`<span role="status" aria-live="polite" title=${this.count > 0 ? label : ''}
      >${
        this.count > 0
          ? html`<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
                <circle cx="12" cy="12" r="3" />
              </svg>
              <span class="number" aria-hidden="true">${this.count}</span>
              <span class="words sr-only">${msg(str`Spectators now: ${this.count}.`, { id: 'audience.said' })}</span>`
          : ''
      }</span
    >`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-audience-count': AudienceCount;
  }
}
