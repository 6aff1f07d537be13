import { css, html, LitElement } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { fire } from '../events.js';
import { closeOnBackdrop, dialogSheet } from '../styles/dialog.js';
import { shared } from '../styles/shared.js';

/**
 * A question before a move that cannot be taken back. Focus starts on the safe answer; Escape, the safe
 * answer or a tap outside closes it and gives focus back to the key that opened it. The other answer raises
 * `sc-confirmed`.
 */
@customElement('sc-confirm-dialog')
export class ConfirmDialog extends LitElement {
  @property() heading = '';
  @property() text = '';
  @property() confirmLabel = '';
  @property() cancelLabel = '';

  @query('dialog') private dialog!: HTMLDialogElement;
  private opener: HTMLElement | null = null;

  static override styles = [
    shared,
    dialogSheet,
    css`
      :host {
        display: contents;
      }
    `,
  ];

  /** Opens the dialog; `opener` gets the focus back when it closes. */
  show(opener: HTMLElement | null = null): void {
    this.opener = opener;
    this.dialog.showModal();
  }

  override render() {
    return html`<dialog
      aria-labelledby="confirm-h"
      aria-describedby="confirm-t"
      @close=${() => this.opener?.focus()}
      @click=${(e: MouseEvent) => closeOnBackdrop(this.dialog, e)}
    >
      <h2 id="confirm-h">${this.heading}</h2>
      <p id="confirm-t">${this.text}</p>
      <div class="keys">
        <button class="danger" @click=${this.confirm}>${this.confirmLabel}</button>
        <button autofocus @click=${() => this.dialog.close()}>${this.cancelLabel}</button>
      </div>
    </dialog>`;
  }

  private confirm(): void {
    this.dialog.close();
    fire(this, 'sc-confirmed', null);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-confirm-dialog': ConfirmDialog;
  }
}
