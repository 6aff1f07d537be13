import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameView } from '../../../shared/views/types.js';
import { command } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import { mayDo, nameOf } from '../logic/screen.js';
import { shared } from '../styles/shared.js';

/**
 * The judge's record of the best move (sport): during his last word the first player shot on night 1 names
 * three seats aloud, and the judge taps them here for him (`bestMove` as his seat), so the sheet prints them.
 */
@localized()
@customElement('sc-best-move-recorder')
export class BestMoveRecorder extends LitElement {
  @property({ attribute: false }) view!: GameView;
  @state() private picked: Seat[] = [];

  static override styles = [
    shared,
    css`
      .seats {
        display: grid;
        grid-template-columns: repeat(5, 1fr);
        gap: 0.4rem;
        margin: 0.5rem 0;
      }
      .seats button {
        padding: 0.25rem;
      }
      .seats button[aria-pressed='true'] {
        background: var(--accent);
        color: var(--on-accent);
        border-color: var(--accent);
      }
      button.primary {
        width: 100%;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view') && this.view.bestMove?.targets) this.picked = [];
  }

  override render() {
    const v = this.view;
    const b = v.bestMove;
    if (!b) return html``;
    const who = seatAndName(b.seat, nameOf(v, b.seat));
    const list = (seats: Seat[]) => seats.map((s) => seatAndName(s, nameOf(v, s))).join(', ');
    if (b.targets)
      return html`<section class="card">
        <h2>${msg('Best move', { id: 'set.bestMove' })}</h2>
        <p>${msg(str`Best move by ${who}: ${list(b.targets)}`, { id: 'best.recorded' })}</p>
      </section>`;
    const offer = mayDo(v, 'bestMove', b.seat);
    if (!offer) return '';
    const others = (offer.targets ?? []).filter((seat) => seat !== b.seat);
    return html`<section class="card" aria-labelledby="best-rec-h">
      <h2 id="best-rec-h">${msg(str`Best move of ${who}`, { id: 'best.of' })}</h2>
      <p>${msg('Tap the three seats he names as mafia.', { id: 'best.recordHint' })}</p>
      <div class="seats" role="group" aria-label=${msg('Seats he names', { id: 'best.seats' })}>
        ${others.map(
          (seat) => html`<button
            aria-pressed=${String(this.picked.includes(seat))}
            aria-label=${seatAndName(seat, nameOf(v, seat))}
            @click=${() => this.toggle(seat)}
          >
            ${seat}
          </button>`,
        )}
      </div>
      <button
        class="primary"
        ?disabled=${this.picked.length !== 3}
        @click=${() => command(this, { type: 'bestMove', targets: [...this.picked], as: b.seat })}
      >
        ${msg(str`Record: ${this.picked.length === 3 ? list([...this.picked].sort((x, y) => x - y)) : `${this.picked.length} / 3`}`, { id: 'best.record' })}
      </button>
    </section>`;
  }

  private toggle(seat: Seat): void {
    this.picked = this.picked.includes(seat)
      ? this.picked.filter((s) => s !== seat)
      : [...this.picked, seat].slice(-3);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-best-move-recorder': BestMoveRecorder;
  }
}
