import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { Ballot } from '../../../shared/engine/state.js';
import type { VoteValue } from '../../../shared/log/records.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import type { BallotMode } from '../logic/screen.js';
import type { VoteLine } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/**
 * The vote open now. The keys say what they do ("Vote against 4 · Elena"); the count and the voters are
 * below, apart from the keys, and so is who has not voted yet: every vote of the rules we play is open.
 */
@localized()
@customElement('sc-ballot-panel')
export class BallotPanel extends LitElement {
  @property({ attribute: false }) ballot!: Ballot;
  @property() mode: BallotMode | null = null;
  @property({ attribute: false }) mine: VoteValue | null = null;
  /** The view offers taking the vote back (`unvote`). */
  @property({ type: Boolean }) unvote = false;
  @property({ attribute: false }) targets: Seat[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  /** The open ballot line by line, with its voters (`voteLines`). */
  @property({ attribute: false }) lines: VoteLine[] = [];
  /** Living players who have not voted yet. */
  @property({ attribute: false }) waiting: Seat[] = [];
  @property({ type: Number }) living = 0;

  static override styles = [
    shared,
    css`
      .options {
        display: grid;
        gap: 0.5rem;
        margin: 0.5rem 0;
      }
      .options button {
        justify-content: flex-start;
        text-align: left;
      }
      .options button[aria-pressed='true'] {
        background: var(--accent);
        color: var(--on-accent);
        border-color: var(--accent);
      }
      .tally {
        list-style: none;
        padding: 0;
        margin: 0.5rem 0;
      }
      .tally li {
        padding: 0.35rem 0;
        border-bottom: 1px solid var(--line);
      }
      .head {
        display: flex;
        gap: 0.5rem;
      }
      .count {
        font-weight: 700;
        margin-left: auto;
        white-space: nowrap;
      }
      .voters {
        display: block;
        font-size: 0.9rem;
      }
    `,
  ];

  private who(seat: Seat): string {
    return seatAndName(seat, this.names[seat] ?? '');
  }

  private valueName(v: VoteValue): string {
    if (v === 'leave') return msg('Leave', { id: 'ballot.leave' });
    if (v === 'stay') return msg('Stay', { id: 'ballot.stay' });
    return this.who(v);
  }

  override render() {
    const b = this.ballot;
    const cast = Object.keys(b.votes).length;
    const title =
      b.kind === 'lift'
        ? msg('Should they all leave?', { id: 'ballot.lift' })
        : b.kind === 'revote'
          ? msg('Revote', { id: 'ballot.revote' })
          : msg('Vote', { id: 'stage.vote' });
    return html`<section class="card" aria-labelledby="ballot-h">
      <h2 id="ballot-h">${title}</h2>
      ${b.kind === 'lift' ? html`<p>${b.candidates.map((c) => this.who(c)).join(', ')}</p>` : ''}
      ${this.mode === 'majority' ? html`<p>${msg('Tap a player to vote; a majority ends the day.', { id: 'ballot.majority' })}</p>` : ''}
      ${this.options()}
      ${
        this.unvote
          ? html`<button @click=${() => fire(this, 'sc-unvote', null)}>${msg('Take back my vote', { id: 'ballot.unvote' })}</button>`
          : ''
      }
      ${this.tally()}
      <p class="muted" aria-live="polite">${msg(str`Voted: ${cast} of ${this.living}.`, { id: 'ballot.cast' })}</p>
      ${
        this.waiting.length > 0
          ? html`<p class="waiting">
            ${msg(str`Not voted yet: ${this.waiting.map((s) => this.who(s)).join(', ')}`, { id: 'ballot.waiting' })}
          </p>`
          : ''
      }
    </section>`;
  }

  /** Who votes for whom, live. */
  private tally() {
    const lines = this.lines.filter((l) => l.voters.length > 0 || this.ballot.candidates.length > 0);
    if (lines.length === 0) return '';
    return html`<ul class="tally" aria-label=${msg('Votes so far', { id: 'ballot.tally' })}>
      ${lines.map(
        (l) => html`<li>
          <span class="head">
            <span>${this.valueName(l.value)}</span>
            <span class="count">${msg(str`votes: ${l.voters.length}`, { id: 'tile.votes' })}</span>
          </span>
          ${
            l.voters.length > 0
              ? html`<span class="voters muted">${msg(str`by ${l.voters.map((s) => this.who(s)).join(', ')}`, { id: 'ballot.by' })}</span>`
              : ''
          }
        </li>`,
      )}
    </ul>`;
  }

  private options() {
    const b = this.ballot;
    const locked = this.mode !== 'majority' && this.mine !== null;
    if (b.kind === 'lift') {
      if (this.mode !== 'lift') return '';
      const choice = (value: 'leave' | 'stay', label: string) => html`<button
        aria-pressed=${String(this.mine === value)}
        ?disabled=${locked}
        @click=${() => fire(this, 'sc-vote', value)}
      >
        ${label}
      </button>`;
      return html`<div class="options">
        ${choice('leave', msg('Vote: they all leave', { id: 'ballot.voteLeave' }))}
        ${choice('stay', msg('Vote: they all stay', { id: 'ballot.voteStay' }))}
      </div>`;
    }
    if (this.mode !== 'candidates') return '';
    return html`<div class="options">
      ${b.candidates.map(
        (c) => html`<button
          aria-pressed=${String(this.mine === c)}
          ?disabled=${locked || !this.targets.includes(c)}
          @click=${() => fire(this, 'sc-vote', c)}
        >
          ${msg(str`Vote against ${this.who(c)}`, { id: 'ballot.voteAgainst' })}
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
