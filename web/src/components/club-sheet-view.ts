import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type {
  ClubDayLine,
  ClubNightLine,
  ClubSeatLine,
  ClubSheet,
} from '../../../shared/audit/club-sheet.js';
import type { BallotLine } from '../../../shared/audit/sheet.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import {
  checkText,
  howName,
  phaseTitle,
  reasonText,
  roleName,
  seatAndName,
  wakeName,
} from '../i18n/names.js';
import { type NightEntry, nightEntries } from '../logic/club-sheet.js';
import { departurePhase } from '../logic/sheet.js';
import { ruledList, termGrid } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

/**
 * The club protocol (seed 004) on a phone: each seat with its role, remarks and how and when he left; the
 * seats the host met on the acquaintance night; each night as a list of what was done, a blocked action
 * marked; each day's nominations, ballots with who voted for whom, and the Putana's alibi. Short lines that
 * wrap, never a table wider than the screen.
 */
@localized()
@customElement('sc-club-sheet')
export class ClubSheetView extends LitElement {
  @property({ attribute: false }) sheet!: ClubSheet;

  static override styles = [
    shared,
    ruledList,
    termGrid,
    css`
      li {
        overflow-wrap: anywhere;
      }
      li:last-child {
        border-bottom: 0;
      }
      .seat {
        display: grid;
        grid-template-columns: 2.2rem 1fr;
        gap: 0 0.5rem;
      }
      .n {
        font-weight: 700;
        font-variant-numeric: tabular-nums;
        text-align: right;
      }
      .left,
      .note {
        font-size: 0.9rem;
      }
      .blocked {
        font-weight: 700;
        color: var(--danger, #b00020);
      }
      dd {
        overflow-wrap: anywhere;
      }
      h3 {
        font-size: 1rem;
        margin: 0.75rem 0 0.25rem;
      }
      table {
        width: 100%;
        border-collapse: collapse;
        font-size: 0.9rem;
      }
      th,
      td {
        border-top: 1px solid var(--line);
        padding: 0.25rem;
        text-align: left;
        vertical-align: top;
      }
      td.num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      caption {
        text-align: left;
        font-weight: 700;
        padding: 0.25rem 0;
      }
      @media print {
        section {
          break-inside: avoid;
        }
      }
    `,
  ];

  override render() {
    const s = this.sheet;
    return html`<section class="card" aria-labelledby="club-seats-h">
        <h2 id="club-seats-h">${msg('Players', { id: 'sheet.players' })}</h2>
        <ul>
          ${s.seats.map((line) => this.seat(line))}
        </ul>
      </section>
      <section class="card" aria-labelledby="club-acq-h">
        <h2 id="club-acq-h">${msg('Acquaintance night', { id: 'sheet.acquaintance' })}</h2>
        <dl>
          ${s.acquaintance.map((a) => html`<dt>${wakeName(a.wake)}</dt><dd>${this.seats(a.seats)}</dd>`)}
        </dl>
      </section>
      ${s.nights.map((n) => this.night(n))} ${s.days.map((d) => this.day(d))}`;
  }

  private name(seat: Seat): string {
    return seatAndName(seat, this.sheet.seats.find((l) => l.seat === seat)?.player ?? '');
  }

  private seats(seats: Seat[]): string {
    return seats.length > 0 ? seats.join(', ') : '—';
  }

  private seat(line: ClubSeatLine) {
    const remarks = line.remarks > 0 ? msg(str`remarks: ${line.remarks}`, { id: 'roster.remarks' }) : '';
    const out = line.left;
    return html`<li class="seat">
      <span class="n">${line.seat}</span>
      <div>
        <strong>${line.player}</strong>
        <span class="muted">· ${roleName(line.role)}${remarks ? ` · ${remarks}` : ''}</span>
        ${
          out
            ? html`<div class="left">
              ${howName(out.how)}, ${phaseTitle(departurePhase(out))}
              ${out.reason ? html`<br /><span class="muted">${msg(str`Reason: ${out.reason}`, { id: 'judge.confirmReason' })}</span>` : ''}
            </div>`
            : ''
        }
      </div>
    </li>`;
  }

  private entry(e: NightEntry) {
    const who = e.by === 'mafia' ? `${wakeName('mafia')} (${e.seat})` : `${roleName(e.by)} (${e.seat})`;
    return html`<li>
      ${who} → ${this.name(e.target)}${e.result ? html`: <strong>${checkText(e.result)}</strong>` : ''}
      ${e.blocked ? html`<span class="blocked">· ${reasonText('blocked')}</span>` : ''}
    </li>`;
  }

  private night(n: ClubNightLine) {
    const id = `club-night-${n.round}`;
    const entries = nightEntries(n);
    return html`<section class="card" aria-labelledby=${id}>
      <h2 id=${id}>${phaseTitle({ id: '', kind: 'night', round: n.round, stage: 'actions' })}</h2>
      <ul>
        ${entries.length > 0 ? entries.map((e) => this.entry(e)) : html`<li class="muted">—</li>`}
      </ul>
      <h3>${msg('Result', { id: 'sheet.result' })}</h3>
      <ul>
        ${n.outcomes.map(
          (o) => html`<li>
            ${wakeName(o.by)}${o.target === null ? '' : html` → ${this.name(o.target)}`}: ${reasonText(o.reason)}
          </li>`,
        )}
      </ul>
      <dl>
        <dt>${msg('Out', { id: 'sheet.out' })}</dt>
        <dd>${this.seats(n.deaths)}</dd>
      </dl>
    </section>`;
  }

  private day(d: ClubDayLine) {
    const id = `club-day-${d.round}`;
    return html`<section class="card" aria-labelledby=${id}>
      <h2 id=${id}>${phaseTitle({ id: '', kind: 'day', round: d.round, stage: 'vote' })}</h2>
      ${
        d.alibi !== null
          ? html`<p class="note">
            ${msg(str`Alibi: ${this.name(d.alibi)}`, { id: 'sheet.alibi' })}
            ${d.stayed.map((seat) => html`<br /><strong>${msg(str`${this.name(seat)} had the most votes and stays`, { id: 'sheet.stayed' })}</strong>`)}
          </p>`
          : ''
      }
      ${
        d.nominations.length > 0
          ? html`<h3>${msg('Nominations', { id: 'set.nominate' })}</h3>
            <ul>
              ${d.nominations.map(
                (nom) =>
                  html`<li>${msg(str`${this.name(nom.target)}, by ${nom.by}`, { id: 'play.nominatedBy' })}</li>`,
              )}
            </ul>`
          : ''
      }
      ${d.ballots.map((b) => this.ballot(b))}
      <dl>
        <dt>${msg('Out', { id: 'sheet.out' })}</dt>
        <dd>${this.seats(d.leaves)}</dd>
      </dl>
    </section>`;
  }

  private ballot(b: BallotLine) {
    const kind =
      b.kind === 'lift'
        ? msg('Should they all leave?', { id: 'ballot.lift' })
        : b.kind === 'revote'
          ? msg('Revote', { id: 'ballot.revote' })
          : msg('Vote', { id: 'stage.vote' });
    const rows: Array<[string, string]> =
      b.kind === 'lift'
        ? [
            ['leave', msg('Leave', { id: 'ballot.leave' })],
            ['stay', msg('Stay', { id: 'ballot.stay' })],
          ]
        : b.candidates.map((c) => [String(c), this.name(c)]);
    return html`<table>
      <caption>${kind}</caption>
      <tbody>
        ${rows.map(
          ([key, label]) => html`<tr>
            <th scope="row">${label}</th>
            <td class="num">${b.tally[key] ?? 0}</td>
            <td>${(b.voters[key] ?? []).join(', ')}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-club-sheet': ClubSheetView;
  }
}
