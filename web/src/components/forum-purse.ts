import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { PURCHASES, type Purchase } from '../../../shared/forum/purse.js';
import { ITEM_IDS, type ItemId, MOVE_IDS, type MoveId } from '../../../shared/forum/roles.js';
import type { Purse } from '../../../shared/forum/state.js';
import { fire } from '../events.js';
import { forumAbilityName, purchaseName } from '../i18n/forum-names.js';
import { shared } from '../styles/shared.js';

export interface BuyDetail {
  item: Purchase;
  withMove?: true;
  withVote?: true;
}

/**
 * One's own points, level, MafBucks and items, the shop (D16), training into a mafioso (D2), buying with the
 * move (D9) or the vote (D5) and, for a mafioso, the mafia's arsenal; what may be bought is the view's `may`. Events: `sc-buy` (BuyDetail), `sc-train`.
 */
@localized()
@customElement('sc-forum-purse')
export class ForumPurse extends LitElement {
  @property({ attribute: false }) purse: Purse | null = null;
  @property({ attribute: false }) prices: Record<Purchase, number> | null = null;
  @property({ attribute: false }) arsenal: {
    stock: Record<MoveId, number>;
    used: Record<MoveId, number>;
  } | null = null;
  /** D9: what the lone mafioso may buy with his move now. */
  @property({ attribute: false }) withMove: ItemId[] = [];
  /** D5: what a mafioso may buy with his vote in the ballot open now. */
  @property({ attribute: false }) withVote: ItemId[] = [];
  /** A lair member who may try to train into a mafioso. */
  @property({ type: Boolean }) trains = false;
  /** What the view offers to buy with MafBucks now (`may`'s `buy` items). */
  @property({ attribute: false }) buyable: readonly string[] = [];

  static override styles = [
    shared,
    css`
      dl {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 0.25rem 1rem;
        margin: 0 0 0.75rem;
      }
      dt {
        color: var(--muted);
      }
      dd {
        margin: 0;
        font-weight: 700;
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      .shop {
        display: grid;
        gap: 0.5rem;
        margin-bottom: 0.75rem;
      }
    `,
  ];

  override render() {
    const p = this.purse;
    if (!p) return html``;
    return html`<section class="card" aria-labelledby="purse-h">
      <h2 id="purse-h">${msg('My purse', { id: 'forum.purse' })}</h2>
      <dl>
        <dt>${msg('Points', { id: 'res.points' })}</dt><dd data-k="points">${p.points}</dd>
        <dt>${msg('Level', { id: 'forum.levelNow' })}</dt><dd data-k="level">${p.level}</dd>
        <dt>${msg('MafBucks', { id: 'forum.bucks' })}</dt><dd data-k="bucks">${p.bucks}</dd>
        ${ITEM_IDS.map((item) => html`<dt>${purchaseName(item)}</dt><dd data-k=${item}>${p.items[item]}</dd>`)}
      </dl>
      ${this.shop()}
      ${this.payWith(
        this.withMove,
        'withMove',
        msg('Buy with your move', { id: 'forum.withMove' }),
        msg('You are the last mafioso: your move tonight may buy an item instead.', {
          id: 'forum.withMoveHint',
        }),
      )}
      ${this.payWith(
        this.withVote,
        'withVote',
        msg('Buy with your vote', { id: 'forum.withVote' }),
        msg('Your vote today may buy an item instead: then you do not vote.', { id: 'forum.withVoteHint' }),
      )}
      ${
        this.trains
          ? html`<button class="wide" @click=${() => fire(this, 'sc-train', null)}>
            ${msg('Train into a mafioso', { id: 'forum.train' })}
          </button>`
          : ''
      }
      ${this.arsenalList()}
    </section>`;
  }

  /** The items one's move (D9) or vote (D5) may buy now, as the view's `may` offers them. */
  private payWith(items: ItemId[], pay: 'withMove' | 'withVote', heading: string, hint: string) {
    if (items.length === 0) return '';
    return html`<h3>${heading}</h3>
      <p class="muted">${hint}</p>
      <div class="shop" data-pay=${pay}>
        ${items.map(
          (item) =>
            html`<button @click=${() => fire<BuyDetail>(this, 'sc-buy', { item, [pay]: true })}>
              ${purchaseName(item)}
            </button>`,
        )}
      </div>`;
  }

  private shop() {
    const prices = this.prices;
    if (!prices) return '';
    return html`<h3>${msg('Shop', { id: 'forum.shop' })}</h3>
      <div class="shop">
        ${PURCHASES.map(
          (item) =>
            html`<button ?disabled=${!this.buyable.includes(item)} @click=${() => fire<BuyDetail>(this, 'sc-buy', { item })}>
              ${msg(str`${purchaseName(item)}: ${prices[item]} MafBucks`, { id: 'forum.price' })}
            </button>`,
        )}
      </div>`;
  }

  private arsenalList() {
    const a = this.arsenal;
    if (!a) return '';
    return html`<h3>${msg('The mafia’s arsenal', { id: 'forum.arsenal' })}</h3>
      <dl>
        ${MOVE_IDS.filter((move) => move !== 'nagant').map(
          (move) => html`<dt>${forumAbilityName(move)}</dt>
            <dd>${msg(str`${a.stock[move]} held, ${a.used[move]} used`, { id: 'forum.stock' })}</dd>`,
        )}
      </dl>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-purse': ForumPurse;
  }
}
