import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { shared } from '../styles/shared.js';

/** The replay's time line: a slider over the log's versions and a step back and forward; raises `sc-seek`. */
@localized()
@customElement('sc-replay-scrubber')
export class ReplayScrubber extends LitElement {
  @property({ type: Number }) version = 1;
  @property({ type: Number }) last = 1;

  static override styles = [
    shared,
    css`
      .row {
        flex-wrap: nowrap;
      }
      input[type='range'] {
        flex: 1 1 auto;
        width: auto;
        min-width: 0;
        padding: 0;
        border: 0;
        min-height: 44px;
        accent-color: var(--accent);
      }
      output {
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  override render() {
    return html`<div class="row">
        <button
          type="button"
          aria-label=${msg('Step back', { id: 'replay.back' })}
          ?disabled=${this.version <= 1}
          @click=${() => this.seek(this.version - 1)}
        >
          ◀
        </button>
        <input
          type="range"
          min="1"
          max=${this.last}
          .value=${String(this.version)}
          aria-label=${msg('Version', { id: 'replay.version' })}
          @input=${(e: Event) => this.seek(Number((e.target as HTMLInputElement).value))}
        />
        <button
          type="button"
          aria-label=${msg('Step forward', { id: 'replay.forward' })}
          ?disabled=${this.version >= this.last}
          @click=${() => this.seek(this.version + 1)}
        >
          ▶
        </button>
      </div>
      <output class="muted">${msg(str`Version ${this.version} of ${this.last}`, { id: 'replay.at' })}</output>`;
  }

  private seek(version: number): void {
    if (version >= 1 && version <= this.last) fire(this, 'sc-seek', version);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-replay-scrubber': ReplayScrubber;
  }
}
