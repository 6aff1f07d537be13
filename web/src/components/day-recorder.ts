import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameView } from '../../../shared/views/types.js';
import { command } from '../events.js';
import { seatAndName, stageName } from '../i18n/names.js';
import { floorHolder, nominationTargets, nominators, votersLeft } from '../logic/host-desk.js';
import { mayDo, nameOf, namesOf } from '../logic/screen.js';
import { shared } from '../styles/shared.js';
import './seat-chips.js';

/**
 * The moderator's day at a live table: he ends speeches, and records each nomination and each vote for the
 * seat that made it (`as`). First "who", then "whom"; the next voter is chosen for him.
 */
@localized()
@customElement('sc-day-recorder')
export class DayRecorder extends LitElement {
  @property({ attribute: false }) view!: GameView;
  @state() private by: Seat | null = null;
  @state() private voter: Seat | null = null;

  static override styles = [
    shared,
    css`
      .wide {
        width: 100%;
      }
      h3 {
        margin-top: 0.75rem;
      }
      .choices {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0.5rem;
      }
    `,
  ];

  override render() {
    const v = this.view;
    return html`${this.floor(v)} ${this.nominate(v)} ${this.votes(v)}`;
  }

  private floor(v: GameView) {
    const speaker = floorHolder(v);
    if (speaker === null) return '';
    // Who holds the floor is in the phase bar above: said once, the card names the step it ends.
    return html`<section class="card">
      <h2>${stageName(v.phase.stage)}</h2>
      <button class="primary wide" @click=${() => command(this, { type: 'endSpeech', as: speaker })}>
        ${msg('End the speech', { id: 'rec.endSpeech' })}
      </button>
    </section>`;
  }

  private nominate(v: GameView) {
    const who = nominators(v);
    if (who.length === 0) return '';
    const by = this.by !== null && who.includes(this.by) ? this.by : who[0];
    const targets = nominationTargets(v, by);
    const names = namesOf(v);
    return html`<section class="card" aria-labelledby="rec-nom-h">
      <h2 id="rec-nom-h">${msg('Record a nomination', { id: 'rec.nominate' })}</h2>
      <h3>${msg('Who nominates', { id: 'rec.by' })}</h3>
      <sc-seat-chips
        .seats=${who}
        .names=${names}
        .selected=${by}
        .label=${msg('Who nominates', { id: 'rec.by' })}
        @sc-seat=${(e: CustomEvent<Seat>) => {
          this.by = e.detail;
        }}
      ></sc-seat-chips>
      <h3>${msg(str`${seatAndName(by, nameOf(v, by))} nominates`, { id: 'rec.nominates' })}</h3>
      <sc-seat-chips
        .seats=${targets}
        .names=${names}
        .label=${msg('Nominated player', { id: 'rec.target' })}
        .verb=${msg('Nominate', { id: 'play.nominate' })}
        @sc-seat=${(e: CustomEvent<Seat>) => {
          command(this, { type: 'nominate', target: e.detail, as: by });
          this.by = null;
        }}
      ></sc-seat-chips>
    </section>`;
  }

  private votes(v: GameView) {
    const b = v.ballot;
    if (!b) return '';
    // A lone candidate with nobody to vote for but himself is not offered a vote: he is not asked.
    const left = votersLeft(v);
    if (left.length === 0) return '';
    const voter = this.voter !== null && left.includes(this.voter) ? this.voter : left[0];
    const names = namesOf(v);
    const offer = mayDo(v, 'vote', voter);
    const candidates = offer?.targets ?? [];
    const vote = (detail: { target: Seat } | { choice: 'leave' | 'stay' }) => {
      command(this, { type: 'vote', ...detail, as: voter });
      this.voter = null;
    };
    return html`<section class="card" aria-labelledby="rec-vote-h">
      <h2 id="rec-vote-h">${msg('Record the votes', { id: 'rec.votes' })}</h2>
      <h3>${msg('Voter', { id: 'rec.voter' })}</h3>
      <sc-seat-chips
        .seats=${left}
        .names=${names}
        .selected=${voter}
        .label=${msg('Voter', { id: 'rec.voter' })}
        @sc-seat=${(e: CustomEvent<Seat>) => {
          this.voter = e.detail;
        }}
      ></sc-seat-chips>
      <h3>${msg(str`${seatAndName(voter, nameOf(v, voter))} votes`, { id: 'rec.votesFor' })}</h3>
      ${
        offer?.choices
          ? html`<div class="choices">
            ${offer.choices.map((choice) =>
              choice === 'leave'
                ? html`<button @click=${() => vote({ choice })}>${msg('Leave', { id: 'ballot.leave' })}</button>`
                : html`<button @click=${() => vote({ choice })}>${msg('Stay', { id: 'ballot.stay' })}</button>`,
            )}
          </div>`
          : html`<sc-seat-chips
            .seats=${candidates}
            .names=${names}
            .label=${msg('Vote against', { id: 'play.voteAgainst' })}
            .verb=${msg('Vote against', { id: 'play.voteAgainst' })}
            @sc-seat=${(e: CustomEvent<Seat>) => vote({ target: e.detail })}
          ></sc-seat-chips>`
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-day-recorder': DayRecorder;
  }
}
