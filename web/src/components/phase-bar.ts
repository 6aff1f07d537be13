import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { GameView } from '../../../shared/views/types.js';
import { phaseTitle, seatAndName, stageName, wakeName } from '../i18n/names.js';
import { nameOf } from '../logic/screen.js';
import { shared } from '../styles/shared.js';
import './phase-clock.js';

/** Where the game is: the phase, the step, who holds the floor, and the clock. Sticky at the top. */
@localized()
@customElement('sc-phase-bar')
export class PhaseBar extends LitElement {
  @property({ attribute: false }) view!: GameView;

  static override styles = [
    shared,
    css`
      :host {
        position: sticky;
        top: 0;
        z-index: 2;
        background: var(--bg);
        padding: 0.5rem 0;
        border-bottom: 1px solid var(--line);
        margin-bottom: 0.75rem;
      }
      .bar {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem;
      }
      h1 {
        font-size: 1.3rem;
        margin: 0;
      }
      .step {
        color: var(--muted);
        font-size: 0.9rem;
      }
      .floor {
        font-weight: 600;
        margin-top: 0.25rem;
      }
    `,
  ];

  override render() {
    const v = this.view;
    const step = v.phase.kind === 'over' ? '' : stageName(v.phase.stage);
    const wake = v.phase.stage === 'wake' && v.host?.wake ? ` · ${wakeName(v.host.wake)}` : '';
    const speaker = v.speaker;
    return html`<div class="bar">
        <div>
          <h1>${phaseTitle(v.phase)}</h1>
          <div class="step">${step}${wake}</div>
        </div>
        <sc-phase-clock .clock=${v.clock} ?keeper=${v.viewer === 'host'}></sc-phase-clock>
      </div>
      ${
        speaker !== null
          ? html`<div class="floor" aria-live="polite">
            ${msg(str`${seatAndName(speaker, nameOf(v, speaker))} holds the floor`, { id: 'bar.floor' })}
          </div>`
          : ''
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-phase-bar': PhaseBar;
  }
}
