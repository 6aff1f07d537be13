import { localized, msg, str } from '@lit/localize';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TournamentView } from '../../../shared/tournament/view.js';
import { roleName } from '../i18n/names.js';
import { ruledTable } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

/**
 * One player of a tournament: his rating now, and each of his finished games — round, table, seat, role,
 * won or lost, and what it did to his rating (every change read from the games' logs, as the standings are).
 */
@localized()
@customElement('sc-tournament-player')
export class TournamentPlayer extends LitElement {
  @property({ attribute: false }) tournament!: TournamentView;
  @property() player = '';

  static override styles = [shared, ruledTable];

  override render() {
    const t = this.tournament;
    const name = t.players.find((p) => p.id === this.player)?.name ?? this.player;
    const rating = t.ratings.players[this.player]?.rating;
    const where = new Map(
      t.seating
        .flat()
        .flatMap((table) =>
          table.game === null
            ? []
            : [[table.game.gameId, { ...table, seat: table.players.indexOf(this.player) + 1 }] as const],
        ),
    );
    const games = t.ratings.changes.filter((c) => c.player === this.player);
    return html`<section class="card" aria-labelledby="player-h">
      <h2 id="player-h">${name}</h2>
      <p>${
        rating === undefined
          ? msg('No rated game yet.', { id: 'tour.noRating' })
          : msg(str`Rating ${rating.toFixed(1)} after ${games.length} games.`, { id: 'tour.rating' })
      }</p>
      ${
        games.length === 0
          ? ''
          : html`<table>
        <thead>
          <tr>
            <th scope="col">${msg('Round', { id: 'tour.roundColumn' })}</th>
            <th scope="col">${msg('Table and seat', { id: 'tour.tableSeat' })}</th>
            <th scope="col">${msg('Role', { id: 'tour.role' })}</th>
            <th scope="col">${msg('Result', { id: 'tour.result' })}</th>
            <th scope="col">${msg('Rating', { id: 'tour.ratingColumn' })}</th>
          </tr>
        </thead>
        <tbody>
          ${games.map((c) => {
            const at = where.get(c.gameId);
            return html`<tr>
              <td>${at?.round ?? ''}</td>
              <td>${at === undefined ? '' : `${at.table} · ${at.seat}`}</td>
              <td>${roleName(c.role)}</td>
              <td>${c.result === 1 ? msg('won', { id: 'tour.won' }) : c.result === 0 ? msg('lost', { id: 'tour.lost' }) : msg('draw', { id: 'tour.draw' })}</td>
              <td>${c.before.toFixed(1)} → ${c.after.toFixed(1)}</td>
            </tr>`;
          })}
        </tbody>
      </table>`
      }
    </section>`;
  }
}
