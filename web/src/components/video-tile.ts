import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../styles/shared.js';

/** One seat of the video table: the picture when there is one, the number and name, and the seat's state. */
@localized()
@customElement('sc-video-tile')
export class VideoTile extends LitElement {
  @property({ type: Number }) seat = 0;
  @property() name = '';
  @property({ attribute: false }) stream: MediaStream | null = null;
  /** This phone's own picture: shown mirrored and never played back (no echo). */
  @property({ type: Boolean }) you = false;
  @property({ type: Boolean }) speaking = false;
  @property({ type: Boolean }) nominated = false;
  @property({ type: Boolean }) dead = false;
  @property({ type: Boolean }) asleep = false;
  @property({ type: Boolean }) teammate = false;

  static override styles = [
    shared,
    css`
      :host {
        position: relative;
        aspect-ratio: 4 / 3;
        border-radius: 12px;
        overflow: hidden;
        background: var(--surface);
        border: 2px solid var(--line);
      }
      :host([speaking]) {
        border-color: var(--focus);
        box-shadow: 0 0 0 3px var(--focus);
      }
      :host([teammate]) {
        border-color: var(--danger);
        box-shadow: 0 0 0 3px var(--danger);
      }
      :host([dead]) video,
      :host([asleep]) video {
        filter: grayscale(1) brightness(0.5);
      }
      video {
        width: 100%;
        height: 100%;
        object-fit: cover;
        display: block;
      }
      .you video {
        transform: scaleX(-1);
      }
      .caption {
        position: absolute;
        left: 0;
        right: 0;
        bottom: 0;
        display: flex;
        gap: 0.35rem;
        align-items: baseline;
        padding: 0.2rem 0.45rem;
        background: color-mix(in srgb, var(--bg) 75%, transparent);
        font-size: 0.8rem;
      }
      .num {
        font-weight: 800;
      }
      .name {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        flex: 1 1 auto;
      }
      .state {
        font-weight: 700;
        font-size: 0.72rem;
      }
    `,
  ];

  override render() {
    const states = this.states();
    return html`<figure class=${this.you ? 'you' : ''} style="margin:0;height:100%" aria-label=${this.label(states)}>
      ${this.stream ? html`<video autoplay playsinline .muted=${this.you} .srcObject=${this.stream}></video>` : ''}
      <figcaption class="caption" aria-hidden="true">
        <span class="num">${this.seat}</span><span class="name">${this.name}</span
        ><span class="state">${states.join(' · ')}</span>
      </figcaption>
    </figure>`;
  }

  private states(): string[] {
    const out: string[] = [];
    if (this.you) out.push(msg('you', { id: 'tile.you' }));
    if (this.teammate) out.push(msg('your team', { id: 'video.teammate' }));
    if (this.speaking) out.push(msg('speaking', { id: 'video.speaking' }));
    if (this.nominated) out.push(msg('nominated', { id: 'tile.nominated' }));
    if (this.dead) out.push(msg('out of the game', { id: 'tile.out' }));
    if (this.asleep) out.push(msg('asleep', { id: 'video.asleep' }));
    return out;
  }

  private label(states: string[]): string {
    return [msg(str`Seat ${this.seat}`, { id: 'seat.label' }), this.name, ...states].join(', ');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-video-tile': VideoTile;
  }
}
