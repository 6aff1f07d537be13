import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Standing } from '../../../shared/tournament/standings.js';
import { ruledTable } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

const points = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * A tournament's standings as its page shows them: place, player and each figure the tie-breaks read
 * (docs/tournaments.md), every one a sum of the finished games' sheets. Fits a phone; prints as it is.
 */
@localized()
@customElement('sc-tournament-standings')
export class TournamentStandings extends LitElement {
  @property({ attribute: false }) standings: Standing[] = [];
  /** Player id → name. */
  @property({ attribute: false }) names: ReadonlyMap<string, string> = new Map();
  /** Player id → his rating now. */
  @property({ attribute: false }) ratings: Readonly<Record<string, { rating: number }>> = {};
  /** The link of a player's own page. */
  @property({ attribute: false }) hrefOf: (player: string) => string = () => '#/';

  static override styles = [
    shared,
    ruledTable,
    css`
      .scroll {
        overflow-x: auto;
      }
      th,
      td {
        text-align: right;
      }
      th.who,
      td.who {
        text-align: left;
      }
    `,
  ];

  override render() {
    return html`<div class="scroll"><table>
      <thead>
        <tr>
          <th scope="col">${msg('Place', { id: 'tour.place' })}</th>
          <th scope="col" class="who">${msg('Player', { id: 'tour.player' })}</th>
          <th scope="col">${msg('Points', { id: 'tour.points' })}</th>
          <th scope="col">${msg('Games', { id: 'tour.games' })}</th>
          <th scope="col">${msg('Wins', { id: 'tour.wins' })}</th>
          <th scope="col">${msg('Best move', { id: 'tour.bestMove' })}</th>
          <th scope="col">${msg('Extra', { id: 'tour.extra' })}</th>
          <th scope="col">${msg('Penalty', { id: 'tour.penalty' })}</th>
          <th scope="col">${msg('Rating', { id: 'tour.ratingColumn' })}</th>
        </tr>
      </thead>
      <tbody>
        ${this.standings.map(
          (s) => html`<tr>
            <td>${s.place}</td>
            <th scope="row" class="who"><a href=${this.hrefOf(s.player)}>${this.names.get(s.player) ?? s.player}</a></th>
            <td>${points(s.points)}</td>
            <td>${s.games}</td>
            <td>${s.wins}</td>
            <td>${points(s.bestMove)}</td>
            <td>${points(s.extra)}</td>
            <td>${points(s.penalty)}</td>
            <td>${this.ratings[s.player]?.rating.toFixed(1) ?? ''}</td>
          </tr>`,
        )}
      </tbody>
    </table></div>`;
  }
}
