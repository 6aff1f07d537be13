import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { isKeyMoment, type StoryStep } from '../../../shared/audit/timeline.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import { outcomeLines, sentenceLine } from '../i18n/sentences.js';
import { ruledList } from '../styles/lists.js';
import { shared } from '../styles/shared.js';

/**
 * The replay told in sentences, as the chosen viewer knew each at its moment: what this step did, the
 * viewer's own night moves and their answers so far, and the game's key moments (each night's result, each
 * verdict) to jump to; raises `sc-seek`.
 */
@localized()
@customElement('sc-replay-story')
export class ReplayStory extends LitElement {
  @property({ attribute: false }) steps: StoryStep[] = [];
  @property({ type: Number }) version = 1;
  /** The seat whose replay this is, for his own night moves; null for the host, the public, the analyst. */
  @property({ attribute: false }) seat: Seat | null = null;
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [
    shared,
    ruledList,
    css`
      h2 {
        font-size: 1.05rem;
        margin: 0 0 0.4rem;
      }
      .why {
        color: var(--muted);
        padding-left: 1rem;
        border-bottom: 0;
      }
      .moments button {
        width: 100%;
        text-align: left;
        white-space: normal;
        overflow-wrap: anywhere;
      }
      .moments button[aria-current='step'] {
        border-color: var(--accent);
        font-weight: 700;
      }
      .moments li {
        border-bottom: 0;
      }
    `,
  ];

  private readonly who = (seat: Seat) => seatAndName(seat, this.names[seat] ?? '');

  override render() {
    const here = this.steps.filter((s) => s.seq === this.version);
    const moments = this.steps.filter((s) => isKeyMoment(s.sentence));
    return html`<section class="card here" aria-labelledby="here-h">
        <h2 id="here-h">${msg(str`At version ${this.version}`, { id: 'replay.here' })}</h2>
        ${
          here.length === 0
            ? html`<p class="muted">${msg('Nothing this viewer could see happens at this step.', { id: 'replay.unseen' })}</p>`
            : html`<ul class="says">
              ${here.map(
                (s) => html`<li>${sentenceLine(s.sentence, this.who)}</li>
                  ${outcomeLines(s.sentence, this.who).map((line) => html`<li class="why">${line}</li>`)}`,
              )}
            </ul>`
        }
      </section>
      ${this.seat === null ? '' : this.own(this.seat)}
      ${
        moments.length === 0
          ? ''
          : html`<nav class="card moments" aria-labelledby="moments-h">
            <h2 id="moments-h">${msg('Key moments', { id: 'replay.moments' })}</h2>
            <ol>
              ${moments.map(
                (s) => html`<li>
                  <button
                    type="button"
                    aria-current=${s.seq === this.version ? 'step' : 'false'}
                    @click=${() => fire(this, 'sc-seek', s.seq)}
                  >
                    ${sentenceLine(s.sentence, this.who)}
                  </button>
                </li>`,
              )}
            </ol>
          </nav>`
      }`;
  }

  /** The seat's own night moves up to this moment, each with the answer it got. */
  private own(seat: Seat) {
    const mine = this.steps.filter(
      (s) =>
        s.seq <= this.version &&
        (s.sentence.kind === 'action' || s.sentence.kind === 'order') &&
        s.sentence.seat === seat,
    );
    return html`<section class="card yours" aria-labelledby="yours-h">
      <h2 id="yours-h">${msg('Your nights', { id: 'replay.yours' })}</h2>
      ${
        mine.length === 0
          ? html`<p class="muted">${msg('No night move of this seat so far.', { id: 'replay.noneYet' })}</p>`
          : html`<ul>
            ${mine.map((s) => {
              const round =
                s.sentence.kind === 'action' || s.sentence.kind === 'order' ? s.sentence.round : 0;
              return html`<li>
                ${msg(str`Night ${round}:`, { id: 'replay.nightOf' })} ${sentenceLine(s.sentence, this.who)}
              </li>`;
            })}
          </ul>`
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-replay-story': ReplayStory;
  }
}
