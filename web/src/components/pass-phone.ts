import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameView } from '../../../shared/views/types.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import { records } from '../logic/host-desk.js';
import { passedCard, passRound } from '../logic/pass-phone.js';
import { nameOf } from '../logic/screen.js';
import { shared } from '../styles/shared.js';
import './role-card.js';

/**
 * The host's phone passed round the table (a judge's, every seat; a narrator's, the seats without a phone):
 * each player taps his seat, holds his card to see it, hides it and hands the phone on. While it goes round
 * the phone shows one card at a time, face down, and nothing of the desk; each seat opens once per round,
 * so a curious hand cannot look at a card not yet seen. The host ends it (`sc-done`).
 */
@localized()
@customElement('sc-pass-phone')
export class PassPhone extends LitElement {
  @property({ attribute: false }) view!: GameView;
  /** The seat whose card is open now. */
  @state() private seat: Seat | null = null;
  @state() private seen: Seat[] = [];

  static override styles = [
    shared,
    css`
      .seats {
        display: grid;
        grid-template-columns: repeat(2, 1fr);
        gap: 0.5rem;
        margin: 0.75rem 0;
      }
      .seats button {
        justify-content: flex-start;
      }
      button.wide {
        width: 100%;
        margin-top: 0.75rem;
      }
    `,
  ];

  override render() {
    return this.seat === null ? this.round() : this.card(this.seat);
  }

  private round() {
    const v = this.view;
    const round = passRound(v);
    const dealt = v.seats.filter((s) => round.includes(s.seat));
    return html`<section class="card" aria-labelledby="pass-h">
      <h2 id="pass-h">${msg('Pass the phone', { id: 'pass.title' })}</h2>
      <p>${msg('Each player taps his seat, holds the card to see his role, hides it and passes the phone on.', { id: 'pass.hint' })}</p>
      <p class="muted" aria-live="polite">${msg(str`Seen: ${this.seen.length} of ${dealt.length}`, { id: 'pass.count' })}</p>
      <div class="seats">
        ${dealt.map((s) => {
          const done = this.seen.includes(s.seat);
          const who = seatAndName(s.seat, s.name);
          return html`<button ?disabled=${done} @click=${() => this.open(s.seat)}>
            ${done ? msg(str`${who} — seen`, { id: 'pass.seen' }) : who}
          </button>`;
        })}
      </div>
      <button class="primary wide" @click=${() => fire(this, 'sc-done', null)}>
        ${
          // A club's game is run by its host (seed 004), a sport table's by its judge.
          records(v) && v.settings.preset !== 'club'
            ? msg('Back to the judge’s desk', { id: 'pass.done' })
            : msg('Back to the host’s desk', { id: 'pass.doneHost' })
        }
      </button>
    </section>`;
  }

  private card(seat: Seat) {
    const v = this.view;
    const card = passedCard(v, seat);
    const name = nameOf(v, seat);
    return html`<section class="card" aria-labelledby="pass-card-h">
      <h2 id="pass-card-h">${seatAndName(seat, name)}</h2>
      <p>${msg(str`Only ${name} looks now. Hold the card to see your role.`, { id: 'pass.only' })}</p>
      ${
        card
          ? html`<sc-role-card
            .roleId=${card.role}
            .team=${card.team}
            .teammates=${card.teammates.map((m) => ({ seat: m, name: nameOf(v, m), role: null }))}
          ></sc-role-card>`
          : ''
      }
      <button class="primary wide" @click=${() => this.hide(seat)}>
        ${msg('Hide it and pass the phone on', { id: 'pass.hide' })}
      </button>
    </section>`;
  }

  private open(seat: Seat): void {
    if (this.seen.includes(seat)) return;
    this.seat = seat;
  }

  private hide(seat: Seat): void {
    this.seen = [...this.seen, seat];
    this.seat = null;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-pass-phone': PassPhone;
  }
}
