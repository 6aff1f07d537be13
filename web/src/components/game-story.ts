import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { StoryDay, StoryNight } from '../../../shared/views/story.js';
import type { GameView } from '../../../shared/views/types.js';
import {
  abilityName,
  checkText,
  howName,
  phaseTitle,
  reasonText,
  roleName,
  seatAndName,
  wakeName,
} from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** After the game, for everyone: night by night who shot, checked, healed or blocked whom, and each day who left. */
@localized()
@customElement('sc-game-story')
export class GameStory extends LitElement {
  @property({ attribute: false }) view!: GameView;

  static override styles = [
    shared,
    css`
      h3 {
        margin: 0.75rem 0 0.25rem;
      }
      h4 {
        margin: 0.5rem 0 0.1rem;
        font-size: 0.95rem;
      }
      ul {
        margin: 0;
        padding-left: 1.2rem;
      }
      .chat {
        font-style: italic;
      }
    `,
  ];

  override render() {
    const story = this.view.story;
    if (!story || story.length === 0) return html``;
    return html`<section class="card" aria-labelledby="story-h">
      <h2 id="story-h">${msg('Night by night', { id: 'story.title' })}</h2>
      ${story.map((c) => (c.kind === 'night' ? this.night(c) : this.day(c)))}
    </section>`;
  }

  private who(seat: Seat | null): string {
    if (seat === null) return '—';
    return seatAndName(seat, this.view.seats.find((s) => s.seat === seat)?.name ?? '');
  }

  /** "3 · Carla (Sheriff)": the actor with the role everyone may now see. */
  private actor(seat: Seat): string {
    const role = this.view.seats.find((s) => s.seat === seat)?.role;
    return role ? `${this.who(seat)} (${roleName(role)})` : this.who(seat);
  }

  private night(n: StoryNight) {
    const title = phaseTitle({ id: '', kind: 'night', round: n.round, stage: 'actions' });
    const died = n.deaths.map((d) => this.who(d.seat)).join(', ');
    return html`<h3>${title}</h3>
      <ul>
        ${n.actions.map((a) =>
          a.result === undefined
            ? html`<li>${msg(str`${this.actor(a.seat)} — ${abilityName(a.ability)}, target ${this.who(a.target)}`, { id: 'story.action' })}</li>`
            : html`<li>
                ${msg(str`${this.actor(a.seat)} — ${abilityName(a.ability)}, target ${this.who(a.target)}: ${checkText(a.result)}`, { id: 'story.check' })}
              </li>`,
        )}
        ${n.outcomes.map(
          (o) =>
            html`<li>${msg(str`${wakeName(o.by)}, aimed at ${this.who(o.target)}: ${reasonText(o.reason)}`, { id: 'story.outcome' })}</li>`,
        )}
        ${
          n.round > 0
            ? html`<li>
              ${died ? msg(str`Out of the game: ${died}`, { id: 'story.died' }) : msg('Nobody died.', { id: 'story.nobody' })}
            </li>`
            : ''
        }
      </ul>
      ${
        n.chat.length > 0
          ? html`<h4>${msg('The mafia’s chat', { id: 'story.chat' })}</h4>
            <ul class="chat">
              ${n.chat.map((m) => html`<li>${this.who(m.seat)}: ${m.text}</li>`)}
            </ul>`
          : ''
      }`;
  }

  private day(d: StoryDay) {
    const title = phaseTitle({ id: '', kind: 'day', round: d.round, stage: 'speech' });
    return html`<h3>${title}</h3>
      <ul>
        ${d.nominations.map(
          (n) =>
            html`<li>${msg(str`${this.who(n.target)}, by ${this.who(n.by)}`, { id: 'play.nominatedBy' })}</li>`,
        )}
        ${d.left.map((e) => html`<li>${msg(str`${this.who(e.seat)} left the game: ${howName(e.how)}`, { id: 'story.left' })}</li>`)}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-game-story': GameStory;
  }
}
