import { consume } from '@lit/context';
import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { GameView } from '../../../shared/views/types.js';
import '../components/chat-panel.js';
import '../components/forum-newspaper.js';
import '../components/morning-banner.js';
import '../components/phase-bar.js';
import '../components/public-day.js';
import '../components/results-panel.js';
import '../components/seat-grid.js';
import '../components/verdict-banner.js';
import { emptyRoom, type RoomState, roomContext } from '../context/room-context.js';
import { namesOf, voteCounts } from '../logic/screen.js';
import { verdictOf } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/**
 * A spectator's phone: the public table and nothing else — seats, who is out, the phase and its clock, the
 * day's nominations and open votes, the table's chat (and the forum game's newspaper), and the whole story
 * once the game is over. It has no key that acts: the server refuses a spectator's every move anyway.
 */
@localized()
@customElement('sc-watch-page')
export class WatchPage extends LitElement {
  @consume({ context: roomContext, subscribe: true })
  @state()
  private room: RoomState = emptyRoom;

  static override styles = [
    shared,
    css`
      .watching {
        margin-top: 0.75rem;
      }
      .table {
        margin: 0.75rem 0;
      }
    `,
  ];

  override render() {
    const v = this.room.view;
    if (!v) return html``;
    const names = namesOf(v);
    return html`${v.phase.kind === 'lobby' ? '' : html`<sc-phase-bar .view=${v}></sc-phase-bar>`}
      <p class="card watching" role="note">
        ${
          v.over
            ? msg('You watched this game. Here is how it went.', { id: 'watch.over' })
            : msg('You are watching: you see what the whole table sees, and no role.', { id: 'watch.note' })
        }
      </p>
      ${v.over ? html`<sc-results-panel .view=${v}></sc-results-panel>` : ''}
      ${v.phase.kind === 'lobby' ? html`<p class="card muted">${msg('Waiting for the host to start.', { id: 'lobby.waiting' })}</p>` : ''}
      <sc-morning-banner .morning=${v.morning} .names=${names}></sc-morning-banner>
      <sc-verdict-banner .verdict=${verdictOf(v)} .dayEnd=${v.dayEnd} .names=${names}></sc-verdict-banner>
      <sc-public-day .view=${v}></sc-public-day>
      <div class="table">
        <h2 class="sr-only">${msg('Table', { id: 'meta.table' })}</h2>
        <sc-seat-grid
          .seats=${v.seats}
          .you=${null}
          .speaker=${v.speaker}
          .allRoles=${v.over}
          .nominated=${v.phase.kind === 'day' ? v.nominations.map((n) => n.target) : []}
          .votes=${v.ballot ? voteCounts(v) : new Map()}
          .label=${msg('Table', { id: 'meta.table' })}
        ></sc-seat-grid>
      </div>
      ${v.forum ? html`<sc-forum-newspaper .pages=${v.forum.newspaper} .names=${names}></sc-forum-newspaper>` : ''}
      ${this.chat(v)}`;
  }

  /** The table's own channel, read-only: a spectator has no say at the table. */
  private chat(v: GameView) {
    if (!v.settings.chat || this.room.chat.length === 0) return '';
    return html`<sc-chat-panel .messages=${this.room.chat} .channels=${[]} .names=${namesOf(v)}></sc-chat-panel>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-watch-page': WatchPage;
  }
}
