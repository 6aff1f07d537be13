import { localized, msg } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { ChatMessage } from '../../../shared/log/records.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import type { UnsentLine } from '../logic/outbox.js';
import type { Channel } from '../logic/screen.js';
import { ruledList } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

export function channelName(channel: Channel): string {
  switch (channel) {
    case 'table':
      return msg('Table', { id: 'meta.table' });
    case 'mafia':
      return msg('Mafia', { id: 'team.mafia' });
    case 'dead':
      return msg('The dead', { id: 'chat.dead' });
  }
}

/**
 * The chat: the channels this player can read, and a box for the ones he may write on now (A3). His own
 * lines not back from the server yet (`unsent`) follow, marked as waiting, until they come back as sent.
 */
@localized()
@customElement('sc-chat-panel')
export class ChatPanel extends LitElement {
  @property({ attribute: false }) messages: ChatMessage[] = [];
  @property({ attribute: false }) channels: Channel[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  @property({ attribute: false }) unsent: readonly UnsentLine[] = [];
  @state() private channel: Channel | null = null;
  @query('input') private input!: HTMLInputElement;
  @query('ol') private list!: HTMLOListElement;

  static override styles = [
    shared,
    ruledList,
    css`
      ol {
        margin: 0 0 0.5rem;
        max-height: 14rem;
        overflow-y: auto;
      }
      li {
        padding: 0.25rem 0;
      }
      li.unsent {
        opacity: 0.7;
      }
      .tag {
        font-size: 0.75rem;
        color: var(--muted);
        margin-right: 0.25rem;
      }
      /* At 360 px a channel, the box and the key may not fit one row: the key keeps its words whole. */
      form {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      form input {
        flex: 1 1 8rem;
        min-width: 0;
      }
      form button {
        flex: none;
      }
      select {
        width: auto;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('channels') && (!this.channel || !this.channels.includes(this.channel))) {
      this.channel = this.channels[0] ?? null;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('messages') || changed.has('unsent')) && this.list)
      this.list.scrollTop = this.list.scrollHeight;
  }

  override render() {
    const label = msg('Chat', { id: 'chat.title' });
    return html`<section class="card" aria-label=${label}>
      <h2>${label}</h2>
      <ol aria-live="polite">
        ${this.messages.map(
          (m) => html`<li>
            ${m.channel !== 'table' ? html`<span class="tag">${channelName(m.channel)}</span>` : ''}
            <span class="who">${seatAndName(m.seat, this.names[m.seat] ?? '')}:</span> ${m.text}
          </li>`,
        )}
        ${this.unsent.map(
          (m) => html`<li class="unsent">
            <span class="tag">${msg('Waiting to send…', { id: 'room.unsent' })}</span>
            ${m.channel !== 'table' ? html`<span class="tag">${channelName(m.channel)}</span>` : ''}
            <span class="who">${seatAndName(m.seat, this.names[m.seat] ?? '')}:</span> ${m.text}
          </li>`,
        )}
      </ol>
      ${
        this.channels.length > 0
          ? html`<form @submit=${this.submit}>
            ${
              this.channels.length > 1
                ? html`<select
                  aria-label=${msg('Channel', { id: 'chat.channel' })}
                  @change=${(e: Event) => {
                    this.channel = (e.target as HTMLSelectElement).value as Channel;
                  }}
                >
                  ${this.channels.map((c) => html`<option value=${c} ?selected=${c === this.channel}>${channelName(c)}</option>`)}
                </select>`
                : ''
            }
            <input
              class="grow"
              maxlength="500"
              aria-label=${msg('Message', { id: 'chat.message' })}
              placeholder=${this.channel ? channelName(this.channel) : ''}
            />
            <button class="primary" type="submit">${msg('Send', { id: 'chat.send' })}</button>
          </form>`
          : ''
      }
    </section>`;
  }

  private submit(e: SubmitEvent): void {
    e.preventDefault();
    const text = this.input.value.trim();
    if (!text || !this.channel) return;
    fire(this, 'sc-say', { channel: this.channel, text });
    this.input.value = '';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-chat-panel': ChatPanel;
  }
}
