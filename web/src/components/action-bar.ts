import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { shared } from '../styles/shared.js';

/**
 * The confirm bar at the bottom of the screen, where the thumb is: a tapped tile only selects, and the
 * move is sent from here, so a slip of the finger at night costs nothing.
 */
@localized()
@customElement('sc-action-bar')
export class ActionBar extends LitElement {
  /** What will be sent ("Shoot seat 4 · Ann"). */
  @property() label = '';
  @property({ type: Boolean }) ready = false;

  static override styles = [
    shared,
    css`
      :host {
        position: sticky;
        bottom: 0;
        z-index: 2;
        padding: 0.5rem 0 calc(0.5rem + env(safe-area-inset-bottom));
        background: var(--bg);
        border-top: 1px solid var(--line);
      }
      .row {
        flex-wrap: nowrap;
      }
      button.primary {
        flex: 1 1 auto;
      }
    `,
  ];

  override render() {
    if (!this.label) return html``;
    return html`<div class="row">
      <button class="primary" ?disabled=${!this.ready} @click=${() => fire(this, 'sc-confirm', null)}>
        ${this.label}
      </button>
      <button @click=${() => fire(this, 'sc-cancel', null)}>${msg('Cancel', { id: 'bar.cancel' })}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-action-bar': ActionBar;
  }
}
