import { consume } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { RoleId } from '../../../shared/roles/index.js';
import { PRESETS } from '../../../shared/rules/presets.js';
import type { Settings } from '../../../shared/rules/settings.js';
import type { GameView } from '../../../shared/views/types.js';
import '../components/card-table.js';
import '../components/chat-panel.js';
import '../components/deal-choice.js';
import '../components/qr-code.js';
import '../components/role-card.js';
import '../components/confirm-dialog.js';
import type { ConfirmDialog } from '../components/confirm-dialog.js';
import '../components/seat-grid.js';
import '../components/seat-manager.js';
import type { MoveDetail, RenameDetail } from '../components/seat-manager.js';
import '../components/settings-form.js';
import '../components/video-panel.js';
import { emptyRoom, type RoomState, roomContext } from '../context/room-context.js';
import { command, fire } from '../events.js';
import { roleName, seatAndName } from '../i18n/names.js';
import { optionName, presetName, settingName } from '../i18n/setting-labels.js';
import { type DealChoice, dealingOf } from '../logic/deal.js';
import { records } from '../logic/host-desk.js';
import { joinLink } from '../logic/join-code.js';
import { mayDo, nameOf, namesOf, writableChannels } from '../logic/screen.js';
import { roleCounts } from '../logic/settings-fields.js';
import { shared } from '../styles/shared.js';

/** The room before the game: the code to join by, the seats, the settings, and the deal. */
@localized()
@customElement('sc-lobby-page')
export class LobbyPage extends LitElement {
  @consume({ context: roomContext, subscribe: true })
  @state()
  private room: RoomState = emptyRoom;
  @query('#leave-ask') private leaveDialog?: ConfirmDialog;
  /**
   * How a judge at a live table deals, as this device remembers it for the game (the shell keeps it, from
   * the `sc-deal` his choice raises): he may not start before he has chosen.
   */
  @property({ attribute: false }) deal: DealChoice | null = null;

  static override styles = [
    shared,
    css`
      .code {
        font-size: 2.2rem;
        font-weight: 800;
        letter-spacing: 0.15em;
      }
      .share {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 0.5rem;
        text-align: center;
      }
      summary {
        min-height: 44px;
        display: flex;
        align-items: center;
        justify-content: center;
        cursor: pointer;
        font-weight: 600;
      }
      .link {
        word-break: break-all;
        font-size: 0.85rem;
      }
      button.primary.wide {
        width: 100%;
      }
      /* The host's start key stays under his thumb however long the lobby gets. */
      .dock {
        position: sticky;
        bottom: 0;
        background: var(--bg);
        border-top: 1px solid var(--line);
        padding: 0.5rem 0 calc(0.5rem + env(safe-area-inset-bottom));
      }
      details.guests,
      details.manage {
        margin-bottom: 0.5rem;
      }
      button.leave {
        width: 100%;
        margin-top: 0.75rem;
      }
      .assign {
        display: grid;
        grid-template-columns: 1fr 1.2fr;
        gap: 0.5rem;
        align-items: center;
      }
    `,
  ];

  override render() {
    const v = this.room.view;
    const session = this.room.session;
    if (!v || !session) return html``;
    const cards = v.phase.stage === 'cards';
    const host = v.viewer === 'host';
    // The host shows the code to the room first; a player sees his seat first, the code to pass on after.
    return html`${cards ? this.cardsCard(v) : host ? this.shareCard(session.code, true) : ''}
      ${this.seatsCard(v)} ${host && !cards ? this.hostCard(v) : ''}
      ${host ? '' : html`<sc-video-panel></sc-video-panel>`}
      ${!host && !cards ? html`${this.rulesCard(v.settings, v.seats.length)}${this.shareCard(session.code, false)}` : ''}
      ${
        v.settings.chat && v.you
          ? html`<sc-chat-panel
            .messages=${this.room.chat}
            .unsent=${this.room.unsentChat}
            .channels=${writableChannels(v)}
            .names=${namesOf(v)}
            @sc-say=${(e: CustomEvent<{ channel: 'table'; text: string }>) => command(this, { type: 'say', ...e.detail })}
          ></sc-chat-panel>`
          : ''
      }`;
  }

  private shareCard(code: string, open: boolean) {
    const link = joinLink(location.origin, location.pathname, code);
    const qr = html`<sc-qr-code .text=${link} .label=${msg(str`QR code to join room ${code}`, { id: 'lobby.qr' })}></sc-qr-code>`;
    return html`<section class="card share" aria-labelledby="share-h">
      <h2 id="share-h">${msg('Room code', { id: 'home.code' })}</h2>
      <div class="code">${code}</div>
      ${open ? qr : html`<details><summary>${msg('Show the QR code', { id: 'lobby.showQr' })}</summary>${qr}</details>`}
      <p class="muted">${msg('Players scan this, open the link, or type the code.', { id: 'lobby.share' })}</p>
      <a class="link" href=${link}>${link}</a>
      ${
        'share' in navigator
          ? html`<button @click=${() => navigator.share({ url: link, title: code }).catch(() => undefined)}>
            ${msg('Share the link', { id: 'lobby.shareButton' })}
          </button>`
          : ''
      }
    </section>`;
  }

  private seatsCard(v: GameView) {
    const free = (mayDo(v, 'takeSeat')?.targets ?? []).filter((s) => s !== v.you?.seat);
    return html`<section class="card" aria-labelledby="seats-h">
      <h2 id="seats-h">${msg(str`Players: ${v.seats.length}`, { id: 'lobby.players' })}</h2>
      ${v.seats.length === 0 ? html`<p class="muted">${msg('Nobody has joined yet.', { id: 'lobby.empty' })}</p>` : ''}
      <sc-seat-grid .seats=${v.seats} .you=${v.you?.seat ?? null} .label=${msg('Seats', { id: 'lobby.seats' })}></sc-seat-grid>
      ${
        v.you && free.length > 0
          ? html`<label for="move">${msg('Move to seat', { id: 'lobby.move' })}</label>
            <select
              id="move"
              @change=${(e: Event) => command(this, { type: 'takeSeat', seat: Number((e.target as HTMLSelectElement).value) })}
            >
              <option value="" selected disabled>${seatAndName(v.you.seat, nameOf(v, v.you.seat))}</option>
              ${free.map((s) => html`<option value=${s}>${s}</option>`)}
            </select>`
          : ''
      }
      ${mayDo(v, 'leave') ? this.leaveKey() : ''}
    </section>`;
  }

  /** A player who will not play after all frees his seat, after a question. */
  private leaveKey() {
    return html`<button class="leave" @click=${(e: Event) => this.leaveDialog?.show(e.target as HTMLElement)}>
        ${msg('Leave the table', { id: 'lobby.leave' })}
      </button>
      <sc-confirm-dialog
        id="leave-ask"
        .heading=${msg('Leave the table?', { id: 'lobby.leaveAsk' })}
        .text=${msg('Your seat becomes free; you can join again with the code.', { id: 'lobby.leaveText' })}
        .confirmLabel=${msg('Leave', { id: 'lobby.leaveYes' })}
        .cancelLabel=${msg('Stay', { id: 'lobby.leaveNo' })}
        @sc-confirmed=${() => fire(this, 'sc-leave', null)}
      ></sc-confirm-dialog>`;
  }

  /** The host renames, moves and removes the players seated so far. */
  private manageSeats(v: GameView) {
    if (!mayDo(v, 'removeSeat')) return '';
    return html`<details class="manage">
      <summary>${msg('Manage the seats', { id: 'manage.title' })}</summary>
      <sc-seat-manager
        .seats=${v.seats}
        .max=${PRESETS[v.settings.preset].maxPlayers}
        @sc-rename=${(e: CustomEvent<RenameDetail>) => command(this, { type: 'renameSeat', ...e.detail })}
        @sc-move=${(e: CustomEvent<MoveDetail>) => command(this, { type: 'moveSeat', ...e.detail })}
        @sc-remove=${(e: CustomEvent<number>) => command(this, { type: 'removeSeat', seat: e.detail })}
      ></sc-seat-manager>
    </details>`;
  }

  private hostCard(v: GameView) {
    const preset = PRESETS[v.settings.preset];
    const n = v.seats.length;
    // The moderator also chooses how the cards are dealt before he may start.
    const ready = mayDo(v, 'start') !== undefined && (!records(v) || this.deal !== null);
    const need =
      preset.minPlayers === preset.maxPlayers
        ? msg(str`Players needed: exactly ${preset.minPlayers}.`, { id: 'lobby.needExactly' })
        : msg(str`These rules need ${preset.minPlayers} to ${preset.maxPlayers} players.`, {
            id: 'lobby.needRange',
          });
    return html`<section class="card" aria-labelledby="host-h">
      <h2 id="host-h">${msg('You host this room', { id: 'lobby.host' })}</h2>
      <p class=${ready ? 'muted' : ''}>${need}</p>
      ${this.manageSeats(v)}
      ${mayDo(v, 'seatPlayer') ? (records(v) ? this.guestForm() : this.guestsWithoutPhone()) : ''}
      ${records(v) ? html`<sc-deal-choice .chosen=${this.deal} @sc-deal=${(e: CustomEvent<DealChoice>) => this.chooseDeal(v, e.detail)}></sc-deal-choice>` : ''}
      ${this.assignRoles(v)}
      ${v.settings.dealing === 'cards' ? this.picksForPhoneless(v) : ''}
      <details>
        <summary>${msg('Settings', { id: 'lobby.settings' })}: ${presetName(v.settings.preset)}</summary>
        <sc-settings-form
          .settings=${v.settings}
          .players=${n}
          @sc-settings=${(e: CustomEvent<Settings>) => command(this, { type: 'configure', settings: e.detail })}
        ></sc-settings-form>
      </details>
    </section>
    <div class="dock">
      <button class="primary wide" ?disabled=${!ready} @click=${() => command(this, { type: 'start' })}>
        ${msg('Start the game', { id: 'lobby.start' })}
      </button>
    </div>`;
  }

  /**
   * At a face-down deal a player without a phone cannot pick on his own: a judge who records the table picks
   * for him; under a narrator his turn's time gives him the first free card. Either way the host passes him
   * his phone at night 0 to see it (pass-phone.ts).
   */
  private picksForPhoneless(v: GameView) {
    const phoneless = v.host?.phoneless ?? [];
    if (phoneless.length === 0 || v.settings.master === 'auto') return '';
    const line = (seat: number) => {
      const who = seatAndName(seat, nameOf(v, seat));
      return records(v)
        ? msg(
            str`${who} has no phone: at the deal you pick his card for him, and at night 0 you pass him your phone to see it.`,
            { id: 'lobby.picksFor' },
          )
        : msg(
            str`${who} has no phone: when his turn at the deal runs out he gets the first free card, and at night 0 you pass him your phone to see it.`,
            { id: 'lobby.drawnFor' },
          );
    };
    return html`<ul class="phoneless" aria-label=${msg('Players without a phone', { id: 'lobby.guests' })}>
      ${phoneless.map((seat) => html`<li>${line(seat)}</li>`)}
    </ul>`;
  }

  private chooseDeal(v: GameView, choice: DealChoice): void {
    const dealing = dealingOf(choice);
    if (v.settings.dealing !== dealing)
      command(this, { type: 'configure', settings: { ...v.settings, dealing } });
  }

  /** An in-person table: the host types the names of players without the app. */
  private guestForm() {
    const add = (e: SubmitEvent) => {
      e.preventDefault();
      const input = (e.target as HTMLFormElement).querySelector('input') as HTMLInputElement;
      const name = input.value.trim();
      if (!name) return;
      fire(this, 'sc-seat-guest', name);
      input.value = '';
      input.focus();
    };
    return html`<form class="row" @submit=${add}>
      <label class="sr-only" for="guest">${msg('Player’s name', { id: 'lobby.guestName' })}</label>
      <input id="guest" class="grow" maxlength="40" placeholder=${msg('Player’s name', { id: 'lobby.guestName' })} />
      <button type="submit">${msg('Seat a player', { id: 'lobby.guestAdd' })}</button>
    </form>`;
  }

  /**
   * Where players hold their own game, a player without a phone is the exception: his seat is filled, but
   * he cannot vote or act, and his turns pass when their time runs out.
   */
  private guestsWithoutPhone() {
    return html`<details class="guests">
      <summary>${msg('Players without a phone', { id: 'lobby.guests' })}</summary>
      <p class="muted">
        ${msg('A player seated here cannot vote or act; his turns pass when their time runs out.', { id: 'lobby.guestHint' })}
      </p>
      ${this.guestForm()}
    </details>`;
  }

  private assignRoles(v: GameView) {
    const assign = mayDo(v, 'assignRole');
    if (!assign) return '';
    const roles = assign.roles ?? [];
    return html`<h3>${msg('Deal the roles', { id: 'lobby.assign' })}</h3>
      <div class="assign">
        ${v.seats
          .filter((s) => assign.targets?.includes(s.seat))
          .map(
            (s) => html`<label for=${`as-${s.seat}`}>${seatAndName(s.seat, s.name)}</label>
            <select
              id=${`as-${s.seat}`}
              @change=${(e: Event) =>
                command(this, {
                  type: 'assignRole',
                  seat: s.seat,
                  role: (e.target as HTMLSelectElement).value as RoleId,
                })}
            >
              ${roles.map((r) => html`<option value=${r} ?selected=${(s.role ?? 'civilian') === r}>${roleName(r)}</option>`)}
            </select>`,
          )}
      </div>`;
  }

  /** What players are about to play: the preset and its roles for this table. */
  private rulesCard(s: Settings, n: number) {
    const counts = roleCounts(s, Math.max(n, PRESETS[s.preset].minPlayers));
    const roles = (Object.entries(counts) as Array<[RoleId, number]>)
      .filter(([r, c]) => c > 0 && r !== 'civilian')
      .map(([r, c]) => (c > 1 ? `${roleName(r)} ×${c}` : roleName(r)))
      .join(', ');
    return html`<section class="card">
      <h2>${presetName(s.preset)}</h2>
      <p>${settingName('master')}: ${optionName('master', s.master)}</p>
      <p>${settingName('dealing')}: ${optionName('dealing', s.dealing)}</p>
      <p>${settingName('roles')}: ${roles}</p>
      <p class="muted">${msg('Waiting for the host to start.', { id: 'lobby.waiting' })}</p>
    </section>`;
  }

  private cardsCard(v: GameView) {
    const picker = v.speaker;
    const offer = v.you ? mayDo(v, 'pickCard') : picker === null ? undefined : mayDo(v, 'pickCard', picker);
    const mine = offer !== undefined;
    const taken = Object.values(v.cards?.picked ?? {});
    const pick = (card: number) =>
      command(this, v.you ? { type: 'pickCard', card } : { type: 'pickCard', card, as: picker ?? undefined });
    return html`<section class="card" aria-labelledby="cards-h">
      <h2 id="cards-h">${msg('Drawing cards', { id: 'stage.cards' })}</h2>
      <p aria-live="polite">
        ${
          picker === null
            ? ''
            : v.you?.seat === picker
              ? msg('Your turn: pick a card.', { id: 'cards.yourTurn' })
              : msg(str`${seatAndName(picker, nameOf(v, picker))} is picking a card.`, {
                  id: 'cards.picking',
                })
        }
      </p>
      <sc-card-table
        .count=${v.cards?.count ?? 0}
        .taken=${taken}
        .mine=${mine}
        @sc-pick=${(e: CustomEvent<number>) => pick(e.detail)}
      ></sc-card-table>
      ${
        v.you?.role
          ? html`<sc-role-card .roleId=${v.you.role} .team=${v.you.team} .card=${v.you.card} .teammates=${[]}></sc-role-card>`
          : ''
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-lobby-page': LobbyPage;
  }
}
