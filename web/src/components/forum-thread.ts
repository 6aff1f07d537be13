import { localized, msg } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { ChatMessage } from '../../../shared/log/records.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import { quoted, splitQuote } from '../logic/quote.js';
import { ruledList } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

/**
 * The forum's thread: the table channel from its first message, older pages on request, a reply that quotes
 * a message. Events: `sc-say` ({channel: 'table', text}), `sc-earlier` (load the page before the oldest shown).
 */
@localized()
@customElement('sc-forum-thread')
export class ForumThread extends LitElement {
  @property({ attribute: false }) messages: ChatMessage[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  /** Older messages exist that are not loaded yet. */
  @property({ type: Boolean }) earlier = false;
  @property({ type: Boolean }) writable = false;
  @state() private quote: ChatMessage | null = null;
  @query('textarea') private input!: HTMLTextAreaElement;

  static override styles = [
    shared,
    ruledList,
    css`
      ol {
        margin: 0 0 0.5rem;
      }
      li {
        padding: 0.5rem 0;
      }
      .text {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        margin: 0.25rem 0;
      }
      blockquote {
        margin: 0.25rem 0;
        padding: 0.25rem 0.5rem;
        border-left: 4px solid var(--line);
        color: var(--muted);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .row {
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: 0.5rem;
      }
      textarea {
        width: 100%;
        min-height: 5rem;
        font: inherit;
      }
      form {
        display: grid;
        gap: 0.5rem;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('writable') && !this.writable) this.quote = null;
  }

  override render() {
    const name = (seat: number) => seatAndName(seat, this.names[seat] ?? '');
    return html`<section class="card" aria-labelledby="thread-h">
      <h2 id="thread-h">${msg('Thread', { id: 'forum.thread' })}</h2>
      ${
        this.earlier
          ? html`<button class="wide" @click=${() => fire(this, 'sc-earlier', null)}>
            ${msg('Show earlier messages', { id: 'forum.earlier' })}
          </button>`
          : ''
      }
      ${
        this.messages.length === 0
          ? html`<p class="muted">${msg('Nobody has written yet.', { id: 'forum.empty' })}</p>`
          : html`<ol aria-live="polite">
            ${this.messages.map((m) => {
              const { quote, text } = splitQuote(m.text);
              return html`<li>
                <div class="row">
                  <span class="who">${name(m.seat)}</span>
                  ${
                    this.writable
                      ? html`<button @click=${() => this.reply(m)}>${msg('Quote', { id: 'forum.quote' })}</button>`
                      : ''
                  }
                </div>
                ${quote ? html`<blockquote>${quote}</blockquote>` : ''}
                <p class="text">${text}</p>
              </li>`;
            })}
          </ol>`
      }
      ${this.writable ? this.form(name) : ''}
    </section>`;
  }

  private form(name: (seat: number) => string) {
    return html`<form @submit=${this.submit}>
      ${
        this.quote
          ? html`<div class="row">
            <blockquote>${quoted(name(this.quote.seat), splitQuote(this.quote.text).text)}</blockquote>
            <button type="button" @click=${() => {
              this.quote = null;
            }}>${msg('Cancel', { id: 'bar.cancel' })}</button>
          </div>`
          : ''
      }
      <textarea maxlength="400" aria-label=${msg('Message', { id: 'chat.message' })}></textarea>
      <button class="primary" type="submit">${msg('Send', { id: 'chat.send' })}</button>
    </form>`;
  }

  private reply(m: ChatMessage): void {
    this.quote = m;
    this.input?.focus();
  }

  private submit(e: SubmitEvent): void {
    e.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    const quote = this.quote;
    const said = quote
      ? `${quoted(seatAndName(quote.seat, this.names[quote.seat] ?? ''), splitQuote(quote.text).text)}\n${text}`
      : text;
    fire(this, 'sc-say', { channel: 'table', text: said });
    this.input.value = '';
    this.quote = null;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-thread': ForumThread;
  }
}
