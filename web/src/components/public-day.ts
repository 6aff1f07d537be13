import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { GameView } from '../../../shared/views/types.js';
import './ballot-panel.js';
import { seatAndName } from '../i18n/names.js';
import { nameOf, namesOf } from '../logic/screen.js';
import { notVoted, voteLines } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/**
 * The day as the whole table sees it, for a screen with no vote of its own (the host of an automatic room,
 * a spectator): the nominations while the talk goes on, and an open vote — who votes for whom, who has not
 * voted yet — with no key to vote.
 */
@localized()
@customElement('sc-public-day')
export class PublicDay extends LitElement {
  @property({ attribute: false }) view!: GameView;

  static override styles = [
    shared,
    css`
      ul.noms {
        margin: 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  override render() {
    const v = this.view;
    if (v?.phase.kind !== 'day') return html``;
    return html`${this.nominations(v)} ${this.ballot(v)}`;
  }

  private nominations(v: GameView) {
    const talk = v.phase.stage === 'speech' || v.phase.stage === 'discussion';
    if (v.nominations.length === 0 || !talk) return '';
    return html`<section class="card">
      <h2>${msg('Nominations', { id: 'set.nominate' })}</h2>
      <ul class="noms">
        ${v.nominations.map(
          (n) =>
            html`<li>
              ${msg(str`${seatAndName(n.target, nameOf(v, n.target))}, by ${seatAndName(n.by, nameOf(v, n.by))}`, { id: 'play.nominatedBy' })}
            </li>`,
        )}
      </ul>
    </section>`;
  }

  private ballot(v: GameView) {
    if (!v.ballot) return '';
    if (v.settings.voting !== 'majority' && v.phase.stage !== 'vote') return '';
    return html`<sc-ballot-panel
      .ballot=${v.ballot}
      .mode=${null}
      .names=${namesOf(v)}
      .lines=${voteLines(v)}
      .waiting=${notVoted(v)}
      .living=${v.seats.filter((s) => s.alive).length}
    ></sc-ballot-panel>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-public-day': PublicDay;
  }
}
