import { localized } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { SeatView } from '../../../shared/views/types.js';
import { shared } from '../styles/shared.js';
import './seat-tile.js';

/** The table: every seat as a tile. Which tiles are tappable, and what a tap means, is the page's call. */
@localized()
@customElement('sc-seat-grid')
export class SeatGrid extends LitElement {
  @property({ attribute: false }) seats: SeatView[] = [];
  @property({ attribute: false }) targets: Seat[] = [];
  @property({ attribute: false }) selected: Seat[] = [];
  @property({ attribute: false }) nominated: Seat[] = [];
  @property({ attribute: false }) votes: Map<Seat | string, number> = new Map();
  @property({ type: Number }) you: Seat | null = null;
  @property({ type: Number }) speaker: Seat | null = null;
  @property() verb = '';
  /** Accessible name of the group ("Table"). */
  @property() label = '';
  /**
   * Show every role the view carries (the host's desk, the end of the game). Otherwise a tile shows a role
   * only once it is public (a player out of the game): one's own card and team stay on the held card,
   * away from a neighbour's glance.
   */
  @property({ type: Boolean }) allRoles = false;

  static override styles = [
    shared,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
        gap: 0.5rem;
      }
    `,
  ];

  private showRole(s: SeatView) {
    return this.allRoles || !s.alive ? s.role : null;
  }

  override render() {
    return html`<div class="grid" role="group" aria-label=${this.label}>
      ${repeat(
        this.seats,
        (s) => s.seat,
        (s) => html`<sc-seat-tile
          .seat=${s.seat}
          .name=${s.name}
          .alive=${s.alive}
          .roleId=${this.showRole(s)}
          .team=${this.showRole(s) ? s.team : null}
          .you=${s.seat === this.you}
          .speaking=${s.seat === this.speaker}
          .nominated=${this.nominated.includes(s.seat)}
          .selected=${this.selected.includes(s.seat)}
          .targetable=${this.targets.includes(s.seat)}
          .votes=${this.votes.get(s.seat) ?? 0}
          .verb=${this.targets.includes(s.seat) ? this.verb : ''}
        ></sc-seat-tile>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seat-grid': SeatGrid;
  }
}
