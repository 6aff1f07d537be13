import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { Ballot } from '../../../shared/engine/state.js';
import type { VoteValue } from '../../../shared/log/records.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import type { BallotMode } from '../logic/screen.js';
import { shared } from '../styles/shared.js';

/** The vote open now: candidates with their hands, this player's vote, and the buttons to give it. */
@localized()
@customElement('sc-ballot-panel')
export class BallotPanel extends LitElement {
  @property({ attribute: false }) ballot!: Ballot;
  @property() mode: BallotMode | null = null;
  @property({ attribute: false }) mine: VoteValue | null = null;
  @property({ attribute: false }) targets: Seat[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  @property({ type: Number }) living = 0;

  static override styles = [
    shared,
    css`
      .options {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0.5rem;
        margin: 0.5rem 0;
      }
      .options button[aria-pressed='true'] {
        background: var(--accent);
        color: var(--on-accent);
        border-color: var(--accent);
      }
      .count {
        font-weight: 700;
        margin-left: auto;
      }
      .tally {
        list-style: none;
        padding: 0;
        margin: 0.5rem 0;
      }
      .tally li {
        display: flex;
        padding: 0.3rem 0;
        border-bottom: 1px solid var(--line);
      }
    `,
  ];

  override render() {
    const b = this.ballot;
    const cast = Object.keys(b.votes).length;
    const count = (v: VoteValue) => Object.values(b.votes).filter((x) => x === v).length;
    const title =
      b.kind === 'lift'
        ? msg('Should they all leave?', { id: 'ballot.lift' })
        : b.kind === 'revote'
          ? msg('Revote', { id: 'ballot.revote' })
          : msg('Vote', { id: 'stage.vote' });
    return html`<section class="card" aria-labelledby="ballot-h">
      <h2 id="ballot-h">${title}</h2>
      ${
        b.kind === 'lift'
          ? html`<p>${b.candidates.map((c) => seatAndName(c, this.names[c] ?? '')).join(', ')}</p>`
          : ''
      }
      ${this.mode === 'majority' ? html`<p>${msg('Tap a player to vote; a majority ends the day.', { id: 'ballot.majority' })}</p>` : ''}
      ${this.options(count)}
      ${
        this.mode === 'majority' && this.mine !== null
          ? html`<button @click=${() => fire(this, 'sc-unvote', null)}>${msg('Take back my vote', { id: 'ballot.unvote' })}</button>`
          : ''
      }
      <p class="muted" aria-live="polite">${msg(str`Voted: ${cast} of ${this.living}`, { id: 'ballot.cast' })}</p>
    </section>`;
  }

  private options(count: (v: VoteValue) => number) {
    const b = this.ballot;
    const locked = this.mode !== 'majority' && this.mine !== null;
    if (b.kind === 'lift') {
      const choice = (value: 'leave' | 'stay', label: string) => html`<button
        aria-pressed=${String(this.mine === value)}
        ?disabled=${this.mode !== 'lift' || locked}
        @click=${() => fire(this, 'sc-vote', value)}
      >
        ${label} <span class="count">${count(value)}</span>
      </button>`;
      return html`<div class="options">
        ${choice('leave', msg('Leave', { id: 'ballot.leave' }))} ${choice('stay', msg('Stay', { id: 'ballot.stay' }))}
      </div>`;
    }
    if (this.mode === 'majority') return '';
    if (this.mode === null) {
      // Watching (the host, a player out of the game): the hands so far, nothing to press.
      return html`<ul class="tally">
        ${b.candidates.map((c) => html`<li><span>${seatAndName(c, this.names[c] ?? '')}</span><span class="count">${count(c)}</span></li>`)}
      </ul>`;
    }
    return html`<div class="options">
      ${b.candidates.map(
        (c) => html`<button
          aria-pressed=${String(this.mine === c)}
          ?disabled=${this.mode !== 'candidates' || locked || !this.targets.includes(c)}
          aria-label=${msg(str`Vote against ${seatAndName(c, this.names[c] ?? '')}, votes: ${count(c)}`, { id: 'ballot.against' })}
          @click=${() => fire(this, 'sc-vote', c)}
        >
          ${seatAndName(c, this.names[c] ?? '')} <span class="count">${count(c)}</span>
        </button>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-ballot-panel': BallotPanel;
  }
}
