import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { RoleId } from '../../../shared/roles/index.js';
import { fire } from '../events.js';
import { roleName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** One player at the table. A button: tapping it targets the player when the page allows a target. */
@localized()
@customElement('sc-seat-tile')
export class SeatTile extends LitElement {
  @property({ type: Number }) seat = 0;
  @property() name = '';
  @property({ type: Boolean }) alive = true;
  @property({ attribute: false }) roleId: RoleId | null = null;
  @property({ type: Boolean }) you = false;
  @property({ type: Boolean }) speaking = false;
  @property({ type: Boolean }) nominated = false;
  @property({ type: Boolean }) selected = false;
  /** Tapping does something now. */
  @property({ type: Boolean }) targetable = false;
  /** Votes this player holds in the open ballot, shown on the tile. */
  @property({ type: Number }) votes = 0;
  @property() team: string | null = null;
  /** The verb a tap performs ("Shoot"), read out with the seat. */
  @property() verb = '';

  static override styles = [
    shared,
    css`
      button {
        width: 100%;
        min-height: 76px;
        flex-direction: column;
        align-items: flex-start;
        justify-content: space-between;
        padding: 0.45rem 0.55rem;
        text-align: left;
        position: relative;
        gap: 0.1rem;
      }
      .num {
        font-size: 1.35rem;
        font-weight: 700;
        line-height: 1;
      }
      .name {
        font-size: 0.9rem;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        max-width: 100%;
      }
      .role {
        font-size: 0.78rem;
        font-weight: 600;
        color: var(--muted);
      }
      .team-mafia .role,
      .team-yakuza .role,
      .team-maniac .role {
        color: var(--danger);
      }
      button[disabled] {
        opacity: 1;
        cursor: default;
      }
      .out {
        color: var(--muted);
        background: transparent;
        text-decoration: line-through;
      }
      /* One's own tile keeps its ring whatever else it shows: targetable, selected, speaking. */
      .you {
        border-color: var(--accent);
        border-style: solid;
        outline: 2px solid var(--accent);
        outline-offset: -6px;
      }
      .you.selected {
        outline-color: var(--on-accent);
      }
      .speaking {
        box-shadow: 0 0 0 3px var(--focus);
      }
      .target {
        border-style: dashed;
        border-color: var(--accent);
      }
      .selected {
        background: var(--accent);
        color: var(--on-accent);
        border-color: var(--accent);
      }
      .selected .role {
        color: inherit;
      }
      .badge {
        position: absolute;
        top: 0.35rem;
        right: 0.45rem;
        font-size: 0.75rem;
        font-weight: 700;
      }
      .tags {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        min-width: 0;
        max-width: 100%;
      }
      /* A long word ("на голосовании") breaks onto a second line inside the tile rather than out of it. */
      .tag {
        min-width: 0;
        max-width: 100%;
        white-space: normal;
        overflow-wrap: anywhere;
        font-size: 0.7rem;
        font-weight: 700;
        line-height: 1.3;
        padding: 0 0.3rem;
        border-radius: 6px;
        border: 1px solid currentColor;
      }
    `,
  ];

  override render() {
    const classes = [
      this.alive ? '' : 'out',
      this.you ? 'you' : '',
      this.speaking ? 'speaking' : '',
      this.targetable ? 'target' : '',
      this.selected ? 'selected' : '',
      this.team ? `team-${this.team}` : '',
    ].join(' ');
    // Words, not emoji: a phone without an emoji font draws ✋ as an empty box.
    const tags = [
      this.you ? msg('you', { id: 'tile.you' }) : '',
      this.nominated ? msg('up for vote', { id: 'tile.upForVote' }) : '',
    ].filter((t) => t);
    return html`<button
      class=${classes}
      ?disabled=${!this.targetable}
      aria-pressed=${this.targetable ? String(this.selected) : 'false'}
      aria-label=${this.label()}
      @click=${() => fire(this, 'sc-seat', this.seat)}
    >
      <span class="num" aria-hidden="true">${this.seat}</span>
      <span class="name" aria-hidden="true">${this.name}</span>
      ${this.roleId ? html`<span class="role" aria-hidden="true">${roleName(this.roleId)}</span>` : ''}
      ${tags.length > 0 ? html`<span class="tags" aria-hidden="true">${tags.map((t) => html`<span class="tag">${t}</span> `)}</span>` : ''}
      ${this.votes > 0 ? html`<span class="badge" aria-hidden="true">${msg(str`votes: ${this.votes}`, { id: 'tile.votes' })}</span>` : ''}
    </button>`;
  }

  /** What the tile shows, in the order it shows it (WCAG 2.5.3: the name holds the visible words), then the rest. */
  private label(): string {
    const parts = [this.verb, msg(str`Seat ${this.seat}`, { id: 'seat.label' }), this.name];
    if (this.roleId) parts.push(roleName(this.roleId));
    if (this.you) parts.push(msg('you', { id: 'tile.you' }));
    if (this.nominated) parts.push(msg('up for vote', { id: 'tile.upForVote' }));
    if (!this.alive) parts.push(msg('out of the game', { id: 'tile.out' }));
    if (this.speaking) parts.push(msg('holds the floor', { id: 'tile.speaking' }));
    if (this.votes > 0) parts.push(msg(str`votes: ${this.votes}`, { id: 'tile.votes' }));
    return parts.filter((p) => p).join(', ');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seat-tile': SeatTile;
  }
}
