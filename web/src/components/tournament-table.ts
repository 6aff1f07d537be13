import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TableView } from '../../../shared/tournament/view.js';
import { fire } from '../events.js';
import { ruledList } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

/**
 * One table of a round: its ten seats with the players the seating puts there, and its game — not open
 * yet (a judge may open it: `sc-table-open`), under way (its room code, to watch it), or finished.
 */
@localized()
@customElement('sc-tournament-table')
export class TournamentTable extends LitElement {
  @property({ attribute: false }) table!: TableView;
  @property({ attribute: false }) names: ReadonlyMap<string, string> = new Map();
  /** This phone holds the judges' key (or the organizer's token). */
  @property({ type: Boolean }) judge = false;
  @property({ type: Boolean }) busy = false;

  static override styles = [
    shared,
    ruledList,
    css`
      :host {
        display: block;
      }
      h3 {
        margin: 0 0 0.25rem;
      }
      .seat {
        display: inline-block;
        min-width: 1.6rem;
        font-variant-numeric: tabular-nums;
      }
      @media print {
        button,
        a.button {
          display: none;
        }
      }
    `,
  ];

  override render() {
    const t = this.table;
    const label = msg(str`Round ${t.round}, table ${t.table}`, { id: 'tour.tableOfRound' });
    return html`<section aria-label=${label}>
      <h3>${msg(str`Table ${t.table}`, { id: 'tour.table' })}</h3>
      <ol>
        ${t.players.map(
          (id, i) => html`<li><span class="seat">${i + 1}</span> ${this.names.get(id) ?? id}</li>`,
        )}
      </ol>
      ${this.game()}
    </section>`;
  }

  private game() {
    const g = this.table.game;
    if (g === null) {
      return this.judge
        ? html`<button class="primary" type="button" ?disabled=${this.busy} @click=${() =>
            fire(this, 'sc-table-open', { round: this.table.round, table: this.table.table })}>
            ${msg('Open this table’s game', { id: 'tour.open' })}
          </button>`
        : html`<p class="muted">${msg('Its game has not begun.', { id: 'tour.notOpen' })}</p>`;
    }
    if (g.over) return html`<p>${msg('Its game is over.', { id: 'tour.over' })}</p>`;
    return g.code === null
      ? html`<p>${msg('Its game is under way.', { id: 'tour.running' })}</p>`
      : html`<p>${msg(str`Its game is under way in room ${g.code}.`, { id: 'tour.runningIn' })}</p>
          <a class="button" href=${`#/join/${encodeURIComponent(g.code)}`}>${msg('Watch it', { id: 'tour.watch' })}</a>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'sc-table-open': CustomEvent<{ round: number; table: number }>;
  }
}
