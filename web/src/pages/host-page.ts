import { consume } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { Command } from '../../../shared/engine/commands.js';
import type { AbilityId } from '../../../shared/roles/index.js';
import type { GameView } from '../../../shared/views/types.js';
import '../components/best-move-recorder.js';
import '../components/chat-panel.js';
import '../components/day-recorder.js';
import '../components/host-controls.js';
import '../components/morning-banner.js';
import '../components/night-preview.js';
import '../components/night-script.js';
import '../components/pass-phone.js';
import '../components/phase-bar.js';
import '../components/public-day.js';
import '../components/results-panel.js';
import '../components/seat-roster.js';
import '../components/verdict-banner.js';
import '../components/video-panel.js';
import type { DisqualifyDetail, ExtraPointsDetail } from '../components/judge-dialog.js';
import type { RecordDetail } from '../components/night-script.js';
import { emptyRoom, type RoomState, roomContext } from '../context/room-context.js';
import { command } from '../events.js';
import { seatAndName, wakeName } from '../i18n/names.js';
import { bestMoveDesk, records, recordTargets } from '../logic/host-desk.js';
import { canPassPhone } from '../logic/pass-phone.js';
import { mayDo, nameOf, namesOf } from '../logic/screen.js';
import { verdictOf } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/**
 * The host's desk: for a narrator or a moderator (`view.host` present) the night script, recording, the
 * night's result with reasons before he advances, the clock and undo. The judge's tools — fouls, remarks,
 * disqualification, extra points — are the host's in every mode; the host of an automatic room otherwise
 * sees the public table and keeps the clock.
 */
@localized()
@customElement('sc-host-page')
export class HostPage extends LitElement {
  @consume({ context: roomContext, subscribe: true })
  @state()
  private room: RoomState = emptyRoom;
  /** The phone is going round the table for the players to see their cards. */
  @state() private passing = false;

  static override styles = [
    shared,
    css`
      button.wide {
        width: 100%;
        margin-bottom: 0.75rem;
      }
    `,
  ];

  override render() {
    const v = this.room.view;
    if (!v) return html``;
    // While the phone goes round the table it shows one player's card and nothing of the desk.
    if (this.passing && canPassPhone(v))
      return html`<sc-pass-phone .view=${v} @sc-done=${() => {
        this.passing = false;
      }}></sc-pass-phone>`;
    const names = namesOf(v);
    const h = v.host;
    const night = v.phase.kind === 'night' && v.phase.round > 0;
    return html`<sc-phase-bar .view=${v}></sc-phase-bar>
      ${v.over ? html`<sc-results-panel .view=${v}></sc-results-panel>${this.sheetLink()}` : ''}
      <sc-morning-banner .morning=${v.morning} .names=${names}></sc-morning-banner>
      <sc-verdict-banner .verdict=${verdictOf(v)} .dayEnd=${v.dayEnd} .names=${names}></sc-verdict-banner>
      ${
        canPassPhone(v)
          ? html`<button class="wide" @click=${() => {
              this.passing = true;
            }}>
            ${msg('Pass the phone round: each player sees his card', { id: 'pass.start' })}
          </button>`
          : ''
      }
      ${v.phase.stage === 'intro' ? this.intro(v) : ''}
      ${
        h && night
          ? html`<sc-night-script
              .host=${h}
              .names=${names}
              .targets=${(seats: Seat[], ability: string, joint: boolean) => recordTargets(v, seats, ability, joint)}
              .miss=${mayDo(v, 'recordShot')?.miss === true}
              .recording=${records(v)}
              @sc-record=${(e: CustomEvent<RecordDetail>) => this.record(e.detail)}
            ></sc-night-script>
            <sc-night-preview .outcomes=${h.preview ?? []} .names=${names}></sc-night-preview>`
          : ''
      }
      ${this.acted(v)}
      ${bestMoveDesk(v) ? html`<sc-best-move-recorder .view=${v}></sc-best-move-recorder>` : ''}
      ${v.phase.kind === 'day' && records(v) ? html`<sc-day-recorder .view=${v}></sc-day-recorder>` : ''}
      <sc-public-day .view=${v}></sc-public-day>
      ${v.settings.master === 'auto' ? '' : html`<sc-video-panel judge></sc-video-panel>`}
      <sc-seat-roster
        .view=${v}
        @sc-extra-points=${(e: CustomEvent<ExtraPointsDetail>) => this.extraPoints(e.detail)}
        @sc-disqualify=${(e: CustomEvent<DisqualifyDetail>) => this.disqualify(e.detail)}
      ></sc-seat-roster>
      ${
        v.settings.chat && this.room.chat.length > 0
          ? html`<sc-chat-panel .messages=${this.room.chat} .channels=${[]} .names=${names}></sc-chat-panel>`
          : ''
      }
      ${v.over ? '' : html`<sc-host-controls .view=${v}></sc-host-controls>${this.sheetDuringGame()}`}`;
  }

  private async extraPoints({ seat, points }: ExtraPointsDetail): Promise<void> {
    await command(this, { type: 'extraPoints', seat, points });
  }

  private async disqualify({ seat, reason }: DisqualifyDetail): Promise<void> {
    await command(this, { type: 'disqualify', seat, reason });
  }

  private record(d: RecordDetail): void {
    if (d.joint) {
      command(this, { type: 'recordShot', target: d.target });
      return;
    }
    if (d.target === null) return;
    for (const seat of d.seats) {
      const c: Command = { type: 'act', ability: d.ability as AbilityId, target: d.target, as: seat };
      command(this, c);
    }
  }

  private intro(v: GameView) {
    const meeting = v.host?.meeting;
    const seats = (meeting?.seats ?? []).map((s) => seatAndName(s, nameOf(v, s))).join(', ');
    return html`<section class="card">
      <h2>${msg('Introduction night', { id: 'set.introNight' })}</h2>
      ${
        meeting?.wake
          ? html`<h3>${msg(str`Wake: ${wakeName(meeting.wake)}`, { id: 'script.wake' })}</h3>
            <p>${seats}</p>`
          : html`<p>${msg('The mafia wakes and meets in silence; nobody acts tonight.', { id: 'host.intro' })}</p>
            ${seats ? html`<p>${msg(str`Mafia: ${seats}`, { id: 'host.mafia' })}</p>` : ''}`
      }
    </section>`;
  }

  /** The automatic room's host who does not play: who has acted tonight, never what. */
  private acted(v: GameView) {
    if (!v.acted) return '';
    const who = v.acted.map((s) => seatAndName(s, nameOf(v, s))).join(', ');
    return html`<section class="card" aria-labelledby="acted-h">
      <h2 id="acted-h">${msg('Acted tonight', { id: 'host.acted' })}</h2>
      <p aria-live="polite">${who || msg('Nobody yet', { id: 'host.actedNobody' })}</p>
    </section>`;
  }

  /** The judge keeps the sheet while the game runs: it opens from the desk, which it leads back to. */
  private sheetDuringGame() {
    const gameId = this.room.session?.gameId ?? '';
    return html`<p class="row">
      <a class="button" href=${`#/game/${encodeURIComponent(gameId)}/sheet`}>${msg('Game sheet', { id: 'sheet.title' })}</a>
    </p>`;
  }

  private sheetLink() {
    const gameId = this.room.session?.gameId ?? '';
    return html`<div class="row card">
      <a class="button primary" href=${`#/game/${encodeURIComponent(gameId)}/sheet`}>${msg('Game sheet', { id: 'sheet.title' })}</a>
      <a class="button" href=${`#/replay/${encodeURIComponent(gameId)}`}>${msg('Replay', { id: 'replay.title' })}</a>
      <a class="button" href="#/">${msg('Home', { id: 'nav.home' })}</a>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-host-page': HostPage;
  }
}
