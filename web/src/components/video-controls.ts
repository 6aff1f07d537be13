import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { shared } from '../styles/shared.js';

/**
 * The video table's switches: join or leave it, camera and microphone, the mafia microphone at night (A3:
 * the app asks whether to turn it on) with the banner that says who hears you, and the judge's clock.
 */
@localized()
@customElement('sc-video-controls')
export class VideoControls extends LitElement {
  @property({ type: Boolean }) joined = false;
  @property({ type: Boolean }) camera = true;
  @property({ type: Boolean }) microphone = true;
  /** This player's mafia microphone, when he may switch it now. */
  @property({ attribute: false }) mafiaMic: 'on' | 'off' | null = null;
  /** At least one teammate hears this player now. */
  @property({ type: Boolean }) teamHears = false;
  @property({ attribute: false }) problem: 'denied' | 'unavailable' | null = null;
  /** The host of a streamed table may lay the clock over the grid. */
  @property({ type: Boolean }) judge = false;
  @property({ type: Boolean }) showClock = false;

  static override styles = [
    shared,
    css`
      .banner {
        border: 2px solid var(--danger);
        border-radius: 12px;
        padding: 0.5rem 0.75rem;
        font-weight: 700;
        margin: 0.5rem 0;
      }
      .row {
        margin: 0.5rem 0;
      }
    `,
  ];

  override render() {
    return html`${this.mafiaMicRow()}
      <div class="row">
        ${
          this.joined
            ? html`<button aria-pressed=${String(this.camera)} @click=${() => fire(this, 'sc-camera', !this.camera)}>
                ${this.camera ? msg('Camera on', { id: 'video.cameraOn' }) : msg('Camera off', { id: 'video.cameraOff' })}
              </button>
              <button aria-pressed=${String(this.microphone)} @click=${() => fire(this, 'sc-microphone', !this.microphone)}>
                ${this.microphone ? msg('Microphone on', { id: 'video.micOn' }) : msg('Microphone off', { id: 'video.micOff' })}
              </button>
              <button @click=${() => fire(this, 'sc-video-leave', null)}>
                ${msg('Leave the video table', { id: 'video.leave' })}
              </button>`
            : html`<button class="primary" @click=${() => fire(this, 'sc-video-join', null)}>
                ${msg('Join the video table', { id: 'video.join' })}
              </button>`
        }
        ${
          this.judge
            ? html`<button aria-pressed=${String(this.showClock)} @click=${() => fire(this, 'sc-show-clock', !this.showClock)}>
                ${msg('Clock over the grid', { id: 'video.clock' })}
              </button>`
            : ''
        }
      </div>
      ${this.problemText()}`;
  }

  private mafiaMicRow() {
    if (this.mafiaMic === null) return '';
    if (this.mafiaMic === 'on')
      return html`<p class="banner" role="status">
          ${msg('The mafia microphone is on — only your team hears you', { id: 'video.mafiaBanner' })}
          ${this.teamHears ? '' : html`<br /><span class="muted">${msg('Waiting for your team to turn theirs on.', { id: 'video.mafiaWaiting' })}</span>`}
        </p>
        <button @click=${() => fire(this, 'sc-mafia-mic', false)}>
          ${msg('Turn the mafia microphone off', { id: 'video.mafiaOff' })}
        </button>`;
    return html`<div class="row">
      <span class="grow">${msg('Talk with your team? Everyone else sleeps and hears nothing.', { id: 'video.mafiaAsk' })}</span>
      <button class="primary" @click=${() => fire(this, 'sc-mafia-mic', true)}>
        ${msg('Turn the mafia microphone on', { id: 'video.mafiaOn' })}
      </button>
    </div>`;
  }

  private problemText() {
    if (!this.joined || this.problem === null) return '';
    return html`<p class="muted" role="status">
      ${
        this.problem === 'denied'
          ? msg('Camera and microphone are blocked: you watch and listen only.', { id: 'video.denied' })
          : msg('No camera or microphone found: you watch and listen only.', { id: 'video.unavailable' })
      }
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-video-controls': VideoControls;
  }
}
