import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { YouView } from '../../../shared/views/types.js';
import { abilityName, checkText, seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/**
 * A checker's answers (Sheriff, Don, Commissar…), kept in view by day for the rest of the game: a check
 * that was the night's last action ends the night at once, so the answer must still be there in the
 * morning. So are a night role's other moves (the Doctor's heal, the Putana's visit…): what he did, not
 * what came of it. Only his own view carries them.
 */
@localized()
@customElement('sc-my-checks')
export class MyChecks extends LitElement {
  @property({ attribute: false }) checks: YouView['checks'] = [];
  @property({ attribute: false }) moves: YouView['moves'] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  /** The night the morning tells of: its answer leads, announced. */
  @property({ attribute: false }) night: number | null = null;

  static override styles = [
    shared,
    css`
      .card {
        border-left: 6px solid var(--focus);
      }
      .latest {
        font-weight: 700;
      }
      ul {
        margin: 0.25rem 0 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  override render() {
    if (this.checks.length === 0 && this.moves.length === 0) return html``;
    const latest = this.checks.filter((c) => c.round === this.night);
    const latestMoves = this.moves.filter((m) => m.round === this.night);
    const title =
      this.checks.length > 0
        ? msg('My checks', { id: 'checks.title' })
        : msg('My night moves', { id: 'moves.title' });
    return html`<section class="card" aria-labelledby="my-checks-h">
      <h2 id="my-checks-h">${title}</h2>
      <div role="status" aria-live="polite">
        ${latest.map(
          (c) =>
            html`<p class="latest">
              ${msg(str`Last night: ${this.seat(c.target)} is ${checkText(c.result)}`, { id: 'checks.lastNight' })}
            </p>`,
        )}
        ${latestMoves.map(
          (m) =>
            html`<p class="latest">
              ${msg(str`Last night: ${abilityName(m.ability)} — ${this.seat(m.target)}`, { id: 'moves.lastNight' })}
            </p>`,
        )}
      </div>
      <ul>
        ${this.checks.map(
          (c) =>
            html`<li>${msg(str`Night ${c.round}: ${this.seat(c.target)} is ${checkText(c.result)}`, { id: 'night.check' })}</li>`,
        )}
        ${this.moves.map(
          (m) =>
            html`<li>${msg(str`Night ${m.round}: ${abilityName(m.ability)} — ${this.seat(m.target)}`, { id: 'moves.line' })}</li>`,
        )}
      </ul>
    </section>`;
  }

  private seat(seat: Seat): string {
    return seatAndName(seat, this.names[seat] ?? '');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-my-checks': MyChecks;
  }
}
