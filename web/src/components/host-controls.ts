import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { GameView } from '../../../shared/views/types.js';
import { command } from '../events.js';
import type { ConfirmDialog } from './confirm-dialog.js';
import './confirm-dialog.js';
import { undoLabel } from '../i18n/undo-label.js';
import { canAdvance, records } from '../logic/host-desk.js';
import { mayDo } from '../logic/screen.js';
import { canEndDiscussion } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/** Seconds "+ time" adds to the clock. */
const EXTEND_SECONDS = 30;

/** The host's pace keys, at the bottom of the screen: next step, the clock, undo. */
@localized()
@customElement('sc-host-controls')
export class HostControls extends LitElement {
  @property({ attribute: false }) view!: GameView;
  @query('sc-confirm-dialog') private emptyVote?: ConfirmDialog;

  static override styles = [
    shared,
    css`
      :host {
        position: sticky;
        bottom: 0;
        z-index: 2;
        background: var(--bg);
        border-top: 1px solid var(--line);
        padding: 0.5rem 0 calc(0.5rem + env(safe-area-inset-bottom));
      }
      .row {
        flex-wrap: nowrap;
      }
      .next {
        flex: 1 1 auto;
        overflow-wrap: anywhere;
      }
      button:not(.next) {
        padding: 0.5rem 0.7rem;
      }
      /* It names what it takes back ("Undo: foul of seat 4"): two short lines rather than a squeezed row. */
      .undo {
        max-width: 9.5rem;
        white-space: normal;
        line-height: 1.15;
        font-size: 0.85rem;
      }
    `,
  ];

  override render() {
    const v = this.view;
    if (v.over) return html``;
    return html`<div class="row" role="toolbar" aria-label=${msg('Host controls', { id: 'ctl.label' })}>
      ${
        canAdvance(v)
          ? html`<button class="primary next" @click=${(e: Event) => this.next(e.currentTarget as HTMLElement)}>
            ${msg('Next step', { id: 'ctl.next' })}
          </button>`
          : ''
      }
      ${
        canEndDiscussion(v)
          ? html`<button class="primary next" @click=${() => command(this, { type: 'endDiscussion' })}>
            ${msg('End the discussion', { id: 'ctl.endDiscussion' })}
          </button>`
          : ''
      }
      ${
        mayDo(v, 'unpauseClock')
          ? html`<button @click=${() => command(this, { type: 'unpauseClock' })}>${msg('Resume', { id: 'ctl.resume' })}</button>`
          : mayDo(v, 'pauseClock')
            ? html`<button @click=${() => command(this, { type: 'pauseClock' })}>${msg('Pause', { id: 'ctl.pause' })}</button>`
            : ''
      }
      ${
        mayDo(v, 'extendClock')
          ? html`<button
            aria-label=${msg('Add 30 seconds', { id: 'ctl.extendLabel' })}
            @click=${() => command(this, { type: 'extendClock', seconds: EXTEND_SECONDS })}
          >
            +30
          </button>`
          : ''
      }
      ${
        records(v)
          ? html`<button class="undo" ?disabled=${!mayDo(v, 'undo')} @click=${() => command(this, { type: 'undo' })}>
            ${undoLabel(v.host?.undo ?? null)}
          </button>`
          : ''
      }
    </div>
      <sc-confirm-dialog
        .heading=${msg('No votes are recorded', { id: 'ctl.noVotesAsk' })}
        .text=${msg('Closing the vote now counts it with no votes: every candidate ties, and the rules of a tie follow.', { id: 'ctl.noVotesText' })}
        .confirmLabel=${msg('Close the vote anyway', { id: 'ctl.noVotesClose' })}
        .cancelLabel=${msg('Record the votes first', { id: 'ctl.noVotesBack' })}
        @sc-confirmed=${() => command(this, { type: 'advance' })}
      ></sc-confirm-dialog>`;
  }

  /** A vote the judge records closes with "Next step": with no vote recorded yet, he is asked first. */
  private next(opener: HTMLElement): void {
    const b = this.view.ballot;
    const empty = this.view.phase.stage === 'vote' && b !== null && Object.keys(b.votes).length === 0;
    if (empty && records(this.view)) this.emptyVote?.show(opener);
    else command(this, { type: 'advance' });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-host-controls': HostControls;
  }
}
