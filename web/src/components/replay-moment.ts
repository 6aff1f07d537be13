import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ReplayMoment } from '../../../shared/audit/replay.js';
import { phaseTitle, roleName, seatAndName, stageName, teamName } from '../i18n/names.js';
import { chatByChannel, clockLeftAt, duration } from '../logic/replay.js';
import { namesOf } from '../logic/screen.js';
import { ruledList, termGrid } from '../styles/lists.js';
import { shared } from '../styles/shared.js';
import { channelName } from './chat-panel.js';

/**
 * One moment of a replayed game as one viewer saw it: the step and its clock, the seats with the roles
 * that viewer knew, the open ballot, and the chat of each channel he could read.
 */
@localized()
@customElement('sc-replay-moment')
export class ReplayMomentView extends LitElement {
  @property({ attribute: false }) moment!: ReplayMoment;
  /** Milliseconds since the game's first commit. */
  @property({ type: Number }) since = 0;

  static override styles = [
    shared,
    ruledList,
    termGrid,
    css`
      .out {
        color: var(--muted);
        text-decoration: line-through;
      }
      dd {
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  override render() {
    const { view } = this.moment;
    const left = clockLeftAt(this.moment);
    const names = namesOf(view);
    return html`<section class="card stack" aria-label=${msg('The moment', { id: 'replay.moment' })}>
        <h2 class="phase">${phaseTitle(view.phase)} · ${stageName(view.phase.stage)}</h2>
        <dl>
          <dt>${msg('Game time', { id: 'replay.gameTime' })}</dt>
          <dd class="since">${duration(this.since)}</dd>
          <dt>${msg('Clock', { id: 'replay.clock' })}</dt>
          <dd class="clock">
            ${left === null ? '—' : msg(str`${duration(left)} left`, { id: 'replay.left' })}
          </dd>
          ${
            view.speaker === null
              ? ''
              : html`<dt>${msg('Speaking', { id: 'replay.speaker' })}</dt>
                <dd>${seatAndName(view.speaker, names[view.speaker] ?? '')}</dd>`
          }
          ${
            view.winner === null
              ? ''
              : html`<dt>${msg('Winner', { id: 'replay.winner' })}</dt>
                <dd>${teamName(view.winner)}</dd>`
          }
        </dl>
      </section>
      <section class="card" aria-label=${msg('Seats', { id: 'replay.seats' })}>
        <ul class="seats">
          ${view.seats.map(
            (s) => html`<li data-seat=${s.seat} class=${s.alive ? '' : 'out'}>
              ${seatAndName(s.seat, s.name)}${s.role === null ? '' : html` · <span class="role">${roleName(s.role)}</span>`}
            </li>`,
          )}
        </ul>
      </section>
      ${
        view.ballot === null
          ? ''
          : html`<section class="card ballot" aria-label=${msg('Votes', { id: 'replay.votes' })}>
            <h3>${msg('Votes', { id: 'replay.votes' })}</h3>
            <ul>
              ${Object.entries(view.ballot.votes).map(
                ([seat, vote]) =>
                  html`<li>${seatAndName(Number(seat), names[Number(seat)] ?? '')} → ${typeof vote === 'number' ? seatAndName(vote, names[vote] ?? '') : vote === 'leave' ? msg('Leave', { id: 'ballot.leave' }) : msg('Stay', { id: 'ballot.stay' })}</li>`,
              )}
            </ul>
          </section>`
      }
      ${chatByChannel(this.moment.chat).map(
        ([channel, messages]) => html`<section class="card chat" data-channel=${channel}>
          <h3>${channelName(channel)}</h3>
          <ol>
            ${messages.map(
              (m) =>
                html`<li><span class="who">${seatAndName(m.seat, names[m.seat] ?? '')}:</span> ${m.text}</li>`,
            )}
          </ol>
        </section>`,
      )}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-replay-moment': ReplayMomentView;
  }
}
