import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { PushSubscriber } from '../controllers/push-subscriber.js';
import { shared } from '../styles/shared.js';

/** The switch for being woken by a notification when a new day or night begins while the app is closed. */
@localized()
@customElement('sc-forum-notify')
export class ForumNotify extends LitElement {
  private readonly push = new PushSubscriber(this);

  static override styles = [
    shared,
    css`
      p {
        margin: 0;
      }
    `,
  ];

  override render() {
    switch (this.push.state) {
      case 'unsupported':
      case 'unavailable':
        return html``;
      case 'denied':
        return html`<p class="muted">${msg('Notifications are blocked for this site.', { id: 'forum.pushDenied' })}</p>`;
      case 'on':
        return html`<p class="muted">${msg('You will be notified when a new phase begins.', { id: 'forum.pushOn' })}</p>`;
      default:
        return html`<button ?disabled=${this.push.state === 'working'} @click=${() => this.push.enable()}>
          ${msg('Notify me of a new phase', { id: 'forum.pushAsk' })}
        </button>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-notify': ForumNotify;
  }
}
