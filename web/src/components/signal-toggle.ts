import { localized, msg } from '@lit/localize';
import { css, html, LitElement, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { shared } from '../styles/shared.js';

/** The header's switch for the game's sounds and vibrations: a drawn speaker, no emoji. */
@localized()
@customElement('sc-signal-toggle')
export class SignalToggle extends LitElement {
  @property({ type: Boolean }) muted = false;

  static override styles = [
    shared,
    css`
      button {
        padding: 0.4rem;
      }
      svg {
        width: 24px;
        height: 24px;
      }
    `,
  ];

  override render() {
    return html`<button
      aria-pressed=${String(!this.muted)}
      aria-label=${msg('Sound and vibration', { id: 'signal.toggle' })}
      title=${msg('Sound and vibration', { id: 'signal.toggle' })}
      @click=${() => fire(this, 'sc-mute', !this.muted)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
        <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z" />
        ${this.muted ? svg`<path d="M16 9l6 6M22 9l-6 6" />` : svg`<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />`}
      </svg>
    </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-signal-toggle': SignalToggle;
  }
}
