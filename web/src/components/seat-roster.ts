import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { RoleId, Seat } from '../../../shared/engine/types.js';
import type { SeatView } from '../../../shared/views/types.js';
import { command } from '../events.js';
import { roleName, seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** The host's list of seats: roles (when he may see them), who is out, fouls and remarks, with their keys. */
@localized()
@customElement('sc-seat-roster')
export class SeatRoster extends LitElement {
  @property({ attribute: false }) seats: SeatView[] = [];
  @property({ attribute: false }) roles: Record<string, RoleId> = {};
  @property({ type: Number }) speaker: Seat | null = null;

  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        padding: 0.35rem 0;
        border-bottom: 1px solid var(--line);
      }
      .who {
        flex: 1 1 auto;
        min-width: 0;
      }
      .name {
        font-weight: 700;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .meta {
        font-size: 0.85rem;
        color: var(--muted);
      }
      .out .name {
        text-decoration: line-through;
        color: var(--muted);
      }
      button {
        padding: 0.25rem 0.5rem;
        font-size: 0.85rem;
      }
    `,
  ];

  override render() {
    return html`<section class="card" aria-labelledby="roster-h">
      <h2 id="roster-h">${msg('Seats', { id: 'lobby.seats' })}</h2>
      <ul>
        ${this.seats.map((s) => {
          const role = this.roles[s.seat] ?? s.role;
          const facts = [
            role ? roleName(role) : '',
            s.fouls ? msg(str`fouls: ${s.fouls}`, { id: 'roster.fouls' }) : '',
            s.remarks ? msg(str`remarks: ${s.remarks}`, { id: 'roster.remarks' }) : '',
            s.seat === this.speaker ? msg('speaking', { id: 'roster.speaking' }) : '',
          ].filter((x) => x);
          return html`<li class=${s.alive ? '' : 'out'}>
            <div class="who">
              <div class="name">${seatAndName(s.seat, s.name)}</div>
              <div class="meta">${facts.join(' · ')}</div>
            </div>
            ${
              s.alive
                ? html`<button
                    aria-label=${msg(str`Foul for ${seatAndName(s.seat, s.name)}`, { id: 'roster.foulLabel' })}
                    @click=${() => command(this, { type: 'foul', seat: s.seat })}
                  >
                    ${msg('Foul', { id: 'roster.foul' })}
                  </button>
                  <button
                    aria-label=${msg(str`Remark for ${seatAndName(s.seat, s.name)}`, { id: 'roster.remarkLabel' })}
                    @click=${() => command(this, { type: 'remark', seat: s.seat })}
                  >
                    ${msg('Remark', { id: 'roster.remark' })}
                  </button>`
                : ''
            }
          </li>`;
        })}
      </ul>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seat-roster': SeatRoster;
  }
}
