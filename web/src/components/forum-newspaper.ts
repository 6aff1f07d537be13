import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { NewspaperPage } from '../../../shared/forum/newspaper.js';
import { newspaperLine } from '../i18n/forum-names.js';
import { seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** The newspaper of the whole game, the latest morning first, in the reader's language. */
@localized()
@customElement('sc-forum-newspaper')
export class ForumNewspaper extends LitElement {
  @property({ attribute: false }) pages: NewspaperPage[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};

  static override styles = [
    shared,
    css`
      article + article {
        margin-top: 0.75rem;
      }
      ul {
        margin: 0;
        padding-left: 1.2rem;
      }
      li {
        padding: 0.15rem 0;
      }
    `,
  ];

  override render() {
    const name = (seat: number) => seatAndName(seat, this.names[seat] ?? '');
    return html`<section class="card" aria-labelledby="paper-h">
      <h2 id="paper-h">${msg('Newspaper', { id: 'forum.newspaper' })}</h2>
      ${
        this.pages.length === 0
          ? html`<p class="muted">${msg('The newspaper comes out each morning.', { id: 'forum.noPaper' })}</p>`
          : [...this.pages].reverse().map(
              (page) => html`<article>
                <h3>${msg(str`Morning after night ${page.round}`, { id: 'forum.morning' })}</h3>
                ${
                  page.lines.length === 0
                    ? html`<p class="muted">${msg('The mafia made no move.', { id: 'forum.noMove' })}</p>`
                    : html`<ul>
                      ${page.lines.map((line) => html`<li>${newspaperLine(line, name)}</li>`)}
                    </ul>`
                }
              </article>`,
            )
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-newspaper': ForumNewspaper;
  }
}
