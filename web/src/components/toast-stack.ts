import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../styles/shared.js';

export interface Toast {
  id: number;
  text: string;
}

/** Short messages (a refused move, a failed join) announced politely and gone after a few seconds. */
@customElement('sc-toast-stack')
export class ToastStack extends LitElement {
  @property({ attribute: false }) toasts: Toast[] = [];

  static override styles = [
    shared,
    css`
      :host {
        position: fixed;
        left: 0;
        right: 0;
        bottom: 5.5rem;
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 0.5rem;
        pointer-events: none;
        z-index: 10;
      }
      section {
        display: contents;
      }
      div {
        background: var(--fg);
        color: var(--bg);
        padding: 0.6rem 1rem;
        border-radius: 12px;
        max-width: min(92vw, 440px);
        box-shadow: 0 4px 16px rgb(0 0 0 / 30%);
      }
    `,
  ];

  override render() {
    return html`<section role="status" aria-live="polite">
      ${this.toasts.map((t) => html`<div>${t.text}</div>`)}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-toast-stack': ToastStack;
  }
}
