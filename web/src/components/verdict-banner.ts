import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { DayEndView } from '../../../shared/views/day-end.js';
import { seatAndName } from '../i18n/names.js';
import { sheetWords } from '../i18n/sheet-words.js';
import type { Verdict } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/**
 * The day's vote told to everyone: "4 · Elena is voted out (4 of 7)" — or, when nobody left, how the day
 * ended, in the game sheet's own words: "3 · Cleo had the most votes and stays", "nobody leaves".
 */
@localized()
@customElement('sc-verdict-banner')
export class VerdictBanner extends LitElement {
  @property({ attribute: false }) verdict: Verdict | null = null;
  @property({ attribute: false }) dayEnd: DayEndView | null = null;
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [
    shared,
    css`
      .card {
        border-left: 6px solid var(--danger);
      }
      .card.quiet {
        border-left-color: var(--muted);
      }
      .how::first-letter {
        text-transform: uppercase;
      }
    `,
  ];

  override render() {
    const v = this.verdict;
    if (v) {
      const who = this.who(v.seats);
      return html`<section class="card" role="status" aria-live="polite">
        <h2>${msg(str`Day ${v.round}: the vote`, { id: 'verdict.title' })}</h2>
        <p>
          ${
            v.seats.length === 1
              ? msg(str`${who} is voted out (${v.votes} of ${v.of}).`, { id: 'verdict.one' })
              : msg(str`${who} are voted out (${v.votes} of ${v.of}).`, { id: 'verdict.many' })
          }
        </p>
      </section>`;
    }
    const d = this.dayEnd;
    if (!d) return html``;
    return html`<section class="card quiet" role="status" aria-live="polite">
      <h2>${msg(str`Day ${d.round}: the vote`, { id: 'verdict.title' })}</h2>
      <p class="how">${this.howItEnded(d)}</p>
    </section>`;
  }

  private who(seats: number[]): string {
    return seats.map((s) => seatAndName(s, this.names[s] ?? '')).join(', ');
  }

  private howItEnded(d: DayEndView): string {
    const L = sheetWords();
    switch (d.how) {
      case 'alibi':
        return msg(str`${this.who(d.seats)} had the most votes and stays`, { id: 'sheet.stayed' });
      case 'tie':
        return `${this.who(d.seats)} — ${L.decision.nobody}`;
      case 'allStay':
        return `${this.who(d.seats)} — ${L.decision.allStay}`;
      case 'nobody':
        return L.decision.nobody;
      case 'noVote':
        return L.dayResult.noVote;
      case 'cancelled':
        return L.dayResult.cancelled;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-verdict-banner': VerdictBanner;
  }
}
