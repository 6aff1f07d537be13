import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import { BUY_WITH_MOVE, type ForumAbilityId } from '../../../shared/forum/roles.js';
import type { ActReport, ForumAction, KnockReport } from '../../../shared/forum/state.js';
import { fire } from '../events.js';
import { actReportLine, forumAbilityName, purchaseName } from '../i18n/forum-names.js';
import { seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

export interface ForumOrder {
  ability: ForumAbilityId;
  targets: Seat[];
}

/** An ability the view's `may` offers: the seats it may name, and how many one use names. */
export interface OrderOffer {
  ability: ForumAbilityId;
  targets: Seat[];
  names: { min: number; max: number };
}

/**
 * Tonight's order or act: each ability the player may use with the seats it may name (one to three for the
 * double and triple kills), his own order once given, his teammates' orders (the lair agrees, D4), what
 * his knock-downs told him and what came of his other acts. Event: `sc-order` (ForumOrder).
 */
@localized()
@customElement('sc-forum-orders')
export class ForumOrders extends LitElement {
  /** What the view's `may` offers tonight: each ability with its seats. */
  @property({ attribute: false }) abilities: OrderOffer[] = [];
  @property({ attribute: false }) done: ForumAction | null = null;
  @property({ attribute: false }) teamOrders: ForumAction[] = [];
  @property({ attribute: false }) knocks: Array<KnockReport & { round: number }> = [];
  /** What came of his own acts, every night so far (a knock-down's is told in `knocks`). */
  @property({ attribute: false }) reports: ActReport[] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  /** Night: the moves and the reports; day: the reports alone. */
  @property({ type: Boolean }) night = true;
  /** Picked seats per ability, in the order of its selects. */
  @state() private picked: Record<string, Seat[]> = {};

  static override styles = [
    shared,
    css`
      fieldset {
        border: 1px solid var(--line);
        border-radius: 12px;
        margin: 0 0 0.75rem;
        padding: 0.5rem 0.75rem 0.75rem;
        display: grid;
        gap: 0.5rem;
      }
      legend {
        font-weight: 700;
        padding: 0 0.25rem;
      }
      select {
        min-height: 44px;
        font: inherit;
        width: 100%;
      }
      ul {
        margin: 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  override render() {
    const name = (seat: Seat) => seatAndName(seat, this.names[seat] ?? '');
    return html`<section class="card" aria-labelledby="orders-h">
      <h2 id="orders-h">${this.night ? msg('Tonight', { id: 'forum.tonight' }) : msg('Night reports', { id: 'forum.reports' })}</h2>
      ${this.done ? html`<p><strong>${msg('Your move tonight:', { id: 'forum.yourMove' })}</strong> ${this.actionText(this.done, name)}</p>` : ''}
      ${this.abilities.map((a) => this.ability(a, name))}
      ${
        this.night && !this.done && this.abilities.length === 0
          ? html`<p class="muted">${msg('The city sleeps. Nothing to do tonight: wait for the morning.', { id: 'night.sleep' })}</p>`
          : ''
      }
      ${
        this.teamOrders.length > 0
          ? html`<h3>${msg('Your team’s orders', { id: 'forum.teamOrders' })}</h3>
            <ul>${this.teamOrders.map((o) => html`<li>${name(o.seat)}: ${this.actionText(o, name)}</li>`)}</ul>`
          : ''
      }
      ${
        this.knocks.length > 0
          ? html`<h3>${msg('Your knock-downs', { id: 'forum.knocks' })}</h3>
            <ul>
              ${this.knocks.map(
                (k) =>
                  html`<li>
                    ${
                      k.awake
                        ? msg(str`Night ${k.round}: ${name(k.target)} gave an order`, { id: 'forum.awake' })
                        : msg(str`Night ${k.round}: ${name(k.target)} was asleep`, { id: 'forum.asleep' })
                    }
                    ${k.landed ? '' : msg('(the knock-down missed)', { id: 'forum.knockMissed' })}
                  </li>`,
              )}
            </ul>`
          : ''
      }
      ${this.results(name)}
    </section>`;
  }

  /** His own acts' outcomes, every night so far: readable all the next day. */
  private results(name: (seat: Seat) => string) {
    const shown = this.reports.filter((r) => r.ability !== 'knock');
    if (shown.length === 0) return '';
    return html`<h3>${msg('Your night’s results', { id: 'forum.results' })}</h3>
      <ul data-list="results">
        ${shown.map((r) => html`<li>${actReportLine(r, name)}</li>`)}
      </ul>`;
  }

  private actionText(a: ForumAction, name: (seat: Seat) => string): string {
    if (a.ability === BUY_WITH_MOVE) return a.item ? purchaseName(a.item) : '';
    const whom = a.targets.map(name).join(', ');
    return whom ? `${forumAbilityName(a.ability)} – ${whom}` : forumAbilityName(a.ability);
  }

  private ability(a: OrderOffer, name: (seat: Seat) => string) {
    const { max } = a.names;
    const picked = this.picked[a.ability] ?? [];
    const label = forumAbilityName(a.ability);
    return html`<fieldset>
      <legend>${label}</legend>
      ${Array.from({ length: max }, (_, i) => {
        const id = `${a.ability}-${i}`;
        return html`<label for=${id} class="sr-only">${label} ${i + 1}</label>
          <select
            id=${id}
            data-ability=${a.ability}
            @change=${(e: Event) => this.pick(a.ability, i, Number((e.target as HTMLSelectElement).value))}
          >
            <option value="0" ?selected=${!picked[i]}>${i === 0 ? msg('Choose a player', { id: 'forum.choose' }) : msg('— no one more —', { id: 'forum.noMore' })}</option>
            ${a.targets.map((seat) => html`<option value=${seat} ?selected=${picked[i] === seat}>${name(seat)}</option>`)}
          </select>`;
      })}
      <button
        class="primary"
        ?disabled=${max > 0 && !picked.some((s) => s > 0)}
        @click=${() => this.order(a.ability)}
      >
        ${label}
      </button>
    </fieldset>`;
  }

  private pick(ability: ForumAbilityId, index: number, seat: Seat): void {
    const next = [...(this.picked[ability] ?? [])];
    next[index] = seat;
    this.picked = { ...this.picked, [ability]: next };
  }

  private order(ability: ForumAbilityId): void {
    const targets = (this.picked[ability] ?? []).filter((s) => s > 0);
    fire<ForumOrder>(this, 'sc-order', { ability, targets });
    this.picked = {};
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-orders': ForumOrders;
  }
}
