import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ConnectionStatus } from '../context/room-context.js';
import { shared } from '../styles/shared.js';

/** Says when the phone is offline or the room's connection is being restored; silent when all is well. */
@localized()
@customElement('sc-connection-banner')
export class ConnectionBanner extends LitElement {
  @property() status: ConnectionStatus = 'idle';
  @property({ type: Boolean }) online = true;

  static override styles = [
    shared,
    css`
      div {
        background: var(--warn-bg);
        color: var(--warn-fg);
        padding: 0.5rem 1rem;
        font-weight: 600;
        text-align: center;
      }
    `,
  ];

  override render() {
    const text = !this.online
      ? msg('You are offline. The game will reconnect when the network is back.', { id: 'conn.offline' })
      : this.status === 'reconnecting'
        ? msg('Reconnecting…', { id: 'conn.reconnecting' })
        : this.status === 'connecting'
          ? msg('Connecting…', { id: 'conn.connecting' })
          : '';
    return html`<div role="status" aria-live="polite" ?hidden=${!text}>${text}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-connection-banner': ConnectionBanner;
  }
}
