import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { SeatView } from '../../../shared/views/types.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';
import './confirm-dialog.js';
import type { ConfirmDialog } from './confirm-dialog.js';

export interface RenameDetail {
  seat: Seat;
  name: string;
}
export interface MoveDetail {
  seat: Seat;
  to: Seat;
}

/**
 * The host's hand on the lobby's seats: each seat opens to rename its player, move him (to a free seat, or
 * onto an occupied one, whose player takes his place) or remove him after a question. Raises `sc-rename`,
 * `sc-move` and `sc-remove`.
 */
@localized()
@customElement('sc-seat-manager')
export class SeatManager extends LitElement {
  @property({ attribute: false }) seats: SeatView[] = [];
  @property({ type: Number }) max = 0;
  @state() private removing: SeatView | null = null;
  @query('sc-confirm-dialog') private dialog?: ConfirmDialog;

  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
      }
      li + li {
        margin-top: 0.25rem;
      }
      summary {
        min-height: 44px;
        display: flex;
        align-items: center;
        cursor: pointer;
        font-weight: 600;
      }
      .tools {
        display: grid;
        gap: 0.5rem;
        padding: 0.25rem 0 0.75rem;
      }
    `,
  ];

  override render() {
    return html`<ul>
        ${this.seats.map((s) => html`<li>${this.seatTools(s)}</li>`)}
      </ul>
      <sc-confirm-dialog
        .heading=${this.removing ? msg(str`Remove ${seatAndName(this.removing.seat, this.removing.name)}?`, { id: 'manage.removeAsk' }) : ''}
        .text=${msg('The seat becomes free; the player can join again with the code.', { id: 'manage.removeText' })}
        .confirmLabel=${msg('Remove', { id: 'manage.remove' })}
        .cancelLabel=${msg('Keep', { id: 'manage.keep' })}
        @sc-confirmed=${() => {
          if (this.removing) fire(this, 'sc-remove', this.removing.seat);
          this.removing = null;
        }}
      ></sc-confirm-dialog>`;
  }

  private seatTools(s: SeatView) {
    const others = Array.from({ length: this.max }, (_, i) => i + 1).filter((n) => n !== s.seat);
    const rename = (e: SubmitEvent) => {
      e.preventDefault();
      const input = (e.target as HTMLFormElement).querySelector('input') as HTMLInputElement;
      const name = input.value.trim();
      if (name && name !== s.name) fire<RenameDetail>(this, 'sc-rename', { seat: s.seat, name });
      fold(input);
    };
    return html`<details>
      <summary>${seatAndName(s.seat, s.name)}</summary>
      <div class="tools">
        <form class="row" @submit=${rename}>
          <label class="sr-only" for=${`name-${s.seat}`}>${msg(str`New name for seat ${s.seat}`, { id: 'manage.nameLabel' })}</label>
          <input id=${`name-${s.seat}`} class="grow" maxlength="40" .value=${s.name} />
          <button type="submit">${msg('Rename', { id: 'manage.rename' })}</button>
        </form>
        <label for=${`to-${s.seat}`}>${msg('Move to seat', { id: 'lobby.move' })}</label>
        <select
          id=${`to-${s.seat}`}
          @change=${(e: Event) => {
            const select = e.target as HTMLSelectElement;
            const to = Number(select.value);
            if (to) fire<MoveDetail>(this, 'sc-move', { seat: s.seat, to });
            select.value = '';
            fold(select);
          }}
        >
          <option value="" selected disabled>${s.seat}</option>
          ${others.map((n) => {
            const there = this.seats.find((x) => x.seat === n);
            return html`<option value=${n}>
              ${there ? msg(str`${seatAndName(n, there.name)} (they swap)`, { id: 'manage.swap' }) : n}
            </option>`;
          })}
        </select>
        <button
          class="danger"
          @click=${(e: Event) => {
            this.removing = s;
            fold(e.target as HTMLElement);
            void this.updateComplete.then(() => this.dialog?.show(e.target as HTMLElement));
          }}
        >
          ${msg('Remove from the table', { id: 'manage.removeButton' })}
        </button>
      </div>
    </details>`;
  }
}

/** Each seat's tools close once used: the rows are reused by position, and seats change under them. */
function fold(from: HTMLElement): void {
  const details = from.closest('details');
  if (details) details.open = false;
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seat-manager': SeatManager;
  }
  interface HTMLElementEventMap {
    'sc-rename': CustomEvent<RenameDetail>;
    'sc-move': CustomEvent<MoveDetail>;
    'sc-remove': CustomEvent<Seat>;
  }
}
