import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Winner } from '../../../shared/roles/index.js';
import type { GameView } from '../../../shared/views/types.js';
import { howName, roleName, teamName } from '../i18n/names.js';
import { sheetOf } from '../logic/sheet.js';
import { shared } from '../styles/shared.js';
import './game-story.js';

/** The end: who won, every role, the points, and the story of the game night by night. */
@localized()
@customElement('sc-results-panel')
export class ResultsPanel extends LitElement {
  @property({ attribute: false }) view!: GameView;

  static override styles = [
    shared,
    css`
      table {
        width: 100%;
        border-collapse: collapse;
        font-size: 0.95rem;
      }
      th,
      td {
        text-align: left;
        padding: 0.35rem 0.25rem;
        border-bottom: 1px solid var(--line);
      }
      td.num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      tr.won td:first-child {
        font-weight: 800;
      }
      .winner {
        font-size: 1.4rem;
        font-weight: 800;
      }
    `,
  ];

  override render() {
    const v = this.view;
    const sheet = sheetOf(v);
    return html`<section class="card" aria-labelledby="res-h">
      <h2 id="res-h" class="winner" role="status">${this.headline(v.winner)}</h2>
      <table>
        <caption class="sr-only">${msg('Roles and points', { id: 'res.caption' })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">${msg('Player', { id: 'res.player' })}</th>
            <th scope="col">${msg('Role', { id: 'res.role' })}</th>
            <th scope="col" class="num">${msg('Points', { id: 'res.points' })}</th>
          </tr>
        </thead>
        <tbody>
          ${sheet.rows.map(
            (r) => html`<tr class=${r.winner ? 'won' : ''}>
              <td>${r.seat}${r.winner ? ' ★' : ''}</td>
              <td>${r.name}${r.out ? html`<br /><span class="muted">${howName(r.out.how)}</span>` : ''}</td>
              <td>${r.role ? roleName(r.role) : '—'}</td>
              <td class="num">${r.points ?? '—'}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </section>
    <sc-game-story .view=${v}></sc-game-story>`;
  }

  private headline(winner: Winner | null): string {
    if (!winner) return '';
    if (winner === 'draw') return msg('A draw.', { id: 'res.draw' });
    return msg(str`${teamName(winner)} wins!`, { id: 'res.wins' });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-results-panel': ResultsPanel;
  }
}
