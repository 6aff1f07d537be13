import { localized } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ClockView } from '../../../shared/views/types.js';
import type { VideoTileState } from '../logic/video.js';
import { shared } from '../styles/shared.js';
import './phase-clock.js';
import './video-tile.js';

/**
 * The video table: a tile per seat, the speaker's tile twice the size while he holds the floor, and — for a
 * streamed table — the phase clock over the grid.
 */
@localized()
@customElement('sc-video-grid')
export class VideoGrid extends LitElement {
  @property({ attribute: false }) tiles: VideoTileState[] = [];
  /** Each seat's picture and sound (this phone's own for its seat), or none. */
  @property({ attribute: false }) streams: Map<number, MediaStream | null> = new Map();
  @property({ attribute: false }) clock: ClockView | null = null;
  @property({ type: Boolean }) showClock = false;
  /** Accessible name of the group. */
  @property() label = '';

  static override styles = [
    shared,
    css`
      :host {
        position: relative;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
        grid-auto-flow: dense;
        gap: 0.4rem;
      }
      .large {
        grid-column: span 2;
        grid-row: span 2;
      }
      .clock {
        position: absolute;
        top: 0.4rem;
        right: 0.4rem;
        padding: 0.2rem 0.6rem;
        border-radius: 10px;
        background: color-mix(in srgb, var(--bg) 80%, transparent);
        z-index: 1;
      }
    `,
  ];

  override render() {
    return html`${this.showClock && this.clock ? html`<sc-phase-clock class="clock" .clock=${this.clock}></sc-phase-clock>` : ''}
      <div class="grid" role="group" aria-label=${this.label}>
        ${repeat(
          this.tiles,
          (t) => t.seat,
          (t) => html`<sc-video-tile
            class=${t.speaking ? 'large' : ''}
            data-seat=${t.seat}
            .seat=${t.seat}
            .name=${t.name}
            .stream=${this.streams.get(t.seat) ?? null}
            ?you=${t.you}
            ?speaking=${t.speaking}
            ?nominated=${t.nominated}
            ?dead=${t.dead}
            ?asleep=${t.asleep}
            ?teammate=${t.teammate}
          ></sc-video-tile>`,
        )}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-video-grid': VideoGrid;
  }
}
