import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameView, SeatView } from '../../../shared/views/types.js';
import { command } from '../events.js';
import { howName, roleName, seatAndName } from '../i18n/names.js';
import {
  canDisqualify,
  canGiveExtraPoints,
  disqualification,
  extraPointsOf,
  signed,
} from '../logic/judge.js';
import { mayDo } from '../logic/screen.js';
import { shared } from '../styles/shared.js';
import './confirm-dialog.js';
import type { ConfirmDialog } from './confirm-dialog.js';
import './judge-dialog.js';
import type { JudgeDialog } from './judge-dialog.js';

/**
 * The host's list of seats: roles (when he may see them), who is out and how, fouls, remarks and extra
 * points, with the judge's keys: foul and remark at hand, disqualification and extra points in a sheet
 * ("⋯", also after the game). The sheet raises `sc-extra-points` and `sc-disqualify` for the page.
 */
@localized()
@customElement('sc-seat-roster')
export class SeatRoster extends LitElement {
  @property({ attribute: false }) view!: GameView;
  /** The seat whose judge's sheet is open. */
  @state() private judged: Seat | null = null;
  @query('sc-judge-dialog') private dialog!: JudgeDialog;
  /** The seat whose fourth foul waits for the judge's yes. */
  @state() private fouled: SeatView | null = null;
  @query('sc-confirm-dialog') private confirmFoul!: ConfirmDialog;

  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        padding: 0.35rem 0;
        border-bottom: 1px solid var(--line);
      }
      .who {
        flex: 1 1 auto;
        min-width: 0;
      }
      .name {
        font-weight: 700;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .meta {
        font-size: 0.85rem;
        color: var(--muted);
      }
      .out .name {
        text-decoration: line-through;
        color: var(--muted);
      }
      button {
        flex: none;
        padding: 0.25rem 0.5rem;
        font-size: 0.85rem;
      }
      button.more {
        font-size: 1.1rem;
        font-weight: 700;
      }
    `,
  ];

  override render() {
    const v = this.view;
    const roles = v.host?.roles ?? {};
    // A player already out may still take a foul (in his last word): the desk offers it to those in play.
    const foulable = mayDo(v, 'foul')?.targets ?? [];
    const remarkable = mayDo(v, 'remark')?.targets ?? [];
    return html`<section class="card" aria-labelledby="roster-h">
      <h2 id="roster-h">${msg('Seats', { id: 'lobby.seats' })}</h2>
      <ul>
        ${v.seats.map((s) => {
          const role = roles[s.seat] ?? s.role;
          const extra = extraPointsOf(v, s.seat);
          const facts = [
            role ? roleName(role) : '',
            this.out(s),
            s.fouls ? msg(str`fouls: ${s.fouls}`, { id: 'roster.fouls' }) : '',
            s.remarks ? msg(str`remarks: ${s.remarks}`, { id: 'roster.remarks' }) : '',
            extra ? msg(str`extra points: ${signed(extra)}`, { id: 'roster.extra' }) : '',
            s.seat === v.speaker ? msg('speaking', { id: 'roster.speaking' }) : '',
          ].filter((x) => x);
          const who = seatAndName(s.seat, s.name);
          return html`<li class=${s.alive ? '' : 'out'}>
            <div class="who">
              <div class="name">${who}</div>
              <div class="meta">${facts.join(' · ')}</div>
            </div>
            ${
              s.alive && foulable.includes(s.seat)
                ? html`<button
                    aria-label=${msg(str`Foul for ${who}`, { id: 'roster.foulLabel' })}
                    aria-haspopup=${s.fouls >= 3 ? 'dialog' : 'false'}
                    @click=${(e: Event) => this.foul(s, e.currentTarget as HTMLElement)}
                  >
                    ${msg('Foul', { id: 'roster.foul' })}
                  </button>`
                : ''
            }
            ${
              remarkable.includes(s.seat)
                ? html`<button
                    aria-label=${msg(str`Remark for ${who}`, { id: 'roster.remarkLabel' })}
                    @click=${() => command(this, { type: 'remark', seat: s.seat })}
                  >
                    ${msg('Remark', { id: 'roster.remark' })}
                  </button>`
                : ''
            }
            ${
              canGiveExtraPoints(v)
                ? html`<button
                    class="more"
                    aria-haspopup="dialog"
                    aria-label=${msg(str`More for ${who}`, { id: 'roster.more' })}
                    @click=${(e: Event) => this.openJudge(s.seat, e.currentTarget as HTMLElement)}
                  >
                    ⋯
                  </button>`
                : ''
            }
          </li>`;
        })}
      </ul>
      ${this.judgeDialog(v)}
      <sc-confirm-dialog
        .heading=${msg(str`Fourth foul for ${this.fouled ? seatAndName(this.fouled.seat, this.fouled.name) : ''}?`, { id: 'roster.fourthAsk' })}
        .text=${msg('The fourth foul removes the player at once, without a last word. Undo can take it back.', { id: 'roster.fourthText' })}
        .confirmLabel=${msg('Yes, give the fourth foul', { id: 'roster.fourthYes' })}
        .cancelLabel=${msg('Cancel', { id: 'bar.cancel' })}
        @sc-confirmed=${() => this.fouled && command(this, { type: 'foul', seat: this.fouled.seat })}
      ></sc-confirm-dialog>
    </section>`;
  }

  /** A foul; the fourth, which removes a player in the game, only once the judge confirms it. */
  private async foul(s: SeatView, opener: HTMLElement): Promise<void> {
    if (s.fouls < 3) {
      command(this, { type: 'foul', seat: s.seat });
      return;
    }
    this.fouled = s;
    await this.updateComplete;
    this.confirmFoul.show(opener);
  }

  /** How a player left; a disqualification with the judge's reason where the view has it. */
  private out(s: SeatView): string {
    if (s.alive) return '';
    const reason = disqualification(this.view, s.seat);
    if (reason) return msg(str`disqualified: ${reason}`, { id: 'roster.disqualified' });
    const how = this.view.eliminated.find((e) => e.seat === s.seat)?.how;
    return how ? howName(how) : '';
  }

  private judgeDialog(v: GameView) {
    const seat = this.judged;
    const name = v.seats.find((s) => s.seat === seat)?.name ?? '';
    return html`<sc-judge-dialog
      .seat=${seat ?? 0}
      .name=${name}
      .range=${v.settings.extraPointsRange}
      .points=${seat === null ? null : extraPointsOf(v, seat)}
      .disqualify=${seat !== null && canDisqualify(v, seat)}
    ></sc-judge-dialog>`;
  }

  private async openJudge(seat: Seat, opener: HTMLElement): Promise<void> {
    this.judged = seat;
    await this.updateComplete;
    await this.dialog.show(opener);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seat-roster': SeatRoster;
  }
}
