import { localized, msg } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ForumAbilityId, ItemId } from '../../../shared/forum/roles.js';
import type { GameView } from '../../../shared/views/types.js';
import { ThreadPages } from '../controllers/thread-pages.js';
import { command } from '../events.js';
import type { ChannelLines } from '../logic/chat-lines.js';
import { actOffers, mayDo, namesOf, writableChannels } from '../logic/screen.js';
import { shared } from '../styles/shared.js';
import './forum-clock.js';
import './forum-newspaper.js';
import './forum-notify.js';
import './forum-orders.js';
import type { ForumOrder } from './forum-orders.js';
import './forum-purse.js';
import type { BuyDetail } from './forum-purse.js';
import './forum-thread.js';

type Tab = 'tonight' | 'thread' | 'paper' | 'purse';

/**
 * The forum game on a phone: the time left in the phase, and one of tonight's orders, the thread, the
 * newspaper and one's purse at a time. Its children's events become the game's commands here.
 */
@localized()
@customElement('sc-forum-desk')
export class ForumDesk extends LitElement {
  @property({ attribute: false }) view!: GameView;
  /** The table channel's lines the phone holds. */
  @property({ attribute: false }) thread: ChannelLines | undefined;
  @state() private tab: Tab = 'thread';
  private readonly pages = new ThreadPages(this);
  private phaseKind = '';

  static override styles = [
    shared,
    css`
      .top {
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: 0.5rem;
        flex-wrap: wrap;
        margin: 0.5rem 0;
      }
      [role='tablist'] {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(0, 1fr));
        gap: 0.25rem;
        margin-bottom: 0.5rem;
        position: sticky;
        top: 0;
        background: var(--bg);
        z-index: 1;
        padding: 0.25rem 0;
      }
      [role='tab'] {
        padding: 0.5rem 0.25rem;
        font-size: 0.9rem;
      }
      [role='tab'][aria-selected='true'] {
        border-color: var(--accent);
        font-weight: 700;
      }
    `,
  ];

  protected override willUpdate(_changed: PropertyValues<this>): void {
    // Night falls on the orders, morning on the newspaper; within a phase the player's tab stays.
    const kind = this.view.phase.kind;
    if (kind !== this.phaseKind) {
      this.phaseKind = kind;
      this.tab =
        kind === 'night' && this.tonightShown()
          ? 'tonight'
          : kind === 'day' && this.view.phase.round > 1
            ? 'paper'
            : 'thread';
    }
  }

  /**
   * At night the moves the view's `may` offers and the reports; by day the night's reports alone, which stay
   * readable until the next night.
   */
  private tonightShown(): boolean {
    const f = this.view.forum;
    if (!f || !this.view.you) return false;
    const reported = f.knocks.length > 0 || f.reports.some((r) => r.ability !== 'knock');
    if (this.view.phase.kind === 'night')
      return this.view.you.alive && (actOffers(this.view).length > 0 || f.done !== null || reported);
    return reported;
  }

  override render() {
    const v = this.view;
    const f = v.forum;
    if (!f) return html``;
    const tabs: Array<[Tab, string]> = [
      ...(this.tonightShown()
        ? [
            [
              'tonight',
              v.phase.kind === 'night'
                ? msg('Tonight', { id: 'forum.tonight' })
                : msg('Night reports', { id: 'forum.reports' }),
            ] as [Tab, string],
          ]
        : []),
      ['thread', msg('Thread', { id: 'forum.thread' })],
      ['paper', msg('Newspaper', { id: 'forum.newspaper' })],
      ...(f.purse ? [['purse', msg('My purse', { id: 'forum.purse' })] as [Tab, string]] : []),
    ];
    const tab = tabs.some(([t]) => t === this.tab) ? this.tab : 'thread';
    return html`<div class="top">
        <sc-forum-clock .clock=${v.clock}></sc-forum-clock>
        ${v.you && !v.over ? html`<sc-forum-notify></sc-forum-notify>` : ''}
      </div>
      <div role="tablist" aria-label=${msg('Forum game', { id: 'forum.tabs' })}>
        ${tabs.map(
          ([t, label]) => html`<button
            role="tab"
            aria-selected=${t === tab ? 'true' : 'false'}
            data-tab=${t}
            @click=${() => {
              this.tab = t;
            }}
          >${label}</button>`,
        )}
      </div>
      <div role="tabpanel">${this.panel(tab)}</div>`;
  }

  private panel(tab: Tab) {
    const v = this.view;
    const f = v.forum;
    if (!f) return '';
    const names = namesOf(v);
    switch (tab) {
      case 'tonight':
        return html`<sc-forum-orders
          .abilities=${actOffers(v).map((a) => ({ ...a, ability: a.ability as ForumAbilityId }))}
          .done=${f.done}
          .teamOrders=${f.teamOrders}
          .knocks=${f.knocks}
          .reports=${f.reports}
          .night=${v.phase.kind === 'night'}
          .names=${names}
          @sc-order=${(e: CustomEvent<ForumOrder>) => {
            const { ability, targets } = e.detail;
            void command(this, {
              type: 'act',
              ability,
              ...(targets.length > 1 ? { targets } : targets.length === 1 ? { target: targets[0] } : {}),
            });
          }}
        ></sc-forum-orders>`;
      case 'thread':
        return html`<sc-forum-thread
          .messages=${this.thread?.lines ?? []}
          .names=${names}
          ?earlier=${this.pages.earlier(this.thread)}
          ?writable=${this.writable()}
          @sc-earlier=${() => this.pages.loadEarlier(this.thread)}
          @sc-say=${(e: CustomEvent<{ channel: 'table'; text: string }>) => {
            e.stopPropagation();
            void command(this, { type: 'say', ...e.detail });
          }}
        ></sc-forum-thread>`;
      case 'paper':
        return html`<sc-forum-newspaper .pages=${f.newspaper} .names=${names}></sc-forum-newspaper>`;
      case 'purse': {
        return html`<sc-forum-purse
          .purse=${f.purse}
          .prices=${v.settings.forum.prices}
          .arsenal=${f.arsenal}
          .withMove=${(mayDo(v, 'buy')?.withMove ?? []).filter((item): item is ItemId => item !== 'level')}
          .withVote=${(mayDo(v, 'buy')?.withVote ?? []).filter((item): item is ItemId => item !== 'level')}
          .buyable=${mayDo(v, 'buy')?.items ?? []}
          ?trains=${mayDo(v, 'train') !== undefined}
          @sc-buy=${(e: CustomEvent<BuyDetail>) => void command(this, { type: 'buy', ...e.detail })}
          @sc-train=${() => void command(this, { type: 'train' })}
        ></sc-forum-purse>`;
      }
    }
  }

  /** The living write in the thread by day, as at any table (the dead and the night are silent). */
  private writable(): boolean {
    const v = this.view;
    return !v.over && writableChannels(v).includes('table');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-forum-desk': ForumDesk;
  }
}
