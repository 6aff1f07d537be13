import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { RoleId, TeamId } from '../../../shared/roles/index.js';
import { checkText, roleName, roleRule, seatAndName, teamName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/** How long a reveal by a screen reader's click (which cannot be held) stays open. */
const TAP_REVEAL_MS = 4000;

/**
 * The player's role, face down. It shows only while held (pointer or key down) so a neighbour glancing at
 * the phone sees nothing; teammates are on the back of the card with the role.
 */
@localized()
@customElement('sc-role-card')
export class RoleCard extends LitElement {
  @property({ attribute: false }) roleId: RoleId | null = null;
  @property({ attribute: false }) team: TeamId | null = null;
  @property({ attribute: false }) teammates: Array<{ seat: Seat; name: string; role: RoleId | null }> = [];
  @property({ type: Number }) card: number | null = null;
  /** What his checks told him, night by night: secret, so on the card's face. */
  @property({ attribute: false }) checks: Array<{
    round: number;
    target: Seat;
    name: string;
    result: string;
  }> = [];
  @state() private shown = false;
  private held = false;
  private released = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  static override styles = [
    shared,
    css`
      :host {
        margin-bottom: 0.75rem;
      }
      button {
        width: 100%;
        min-height: 80px;
        flex-direction: column;
        border-radius: 18px;
        border: 2px solid var(--accent);
        touch-action: none;
        user-select: none;
        -webkit-user-select: none;
        -webkit-touch-callout: none;
        padding: 0.75rem 1rem;
      }
      .back {
        font-weight: 600;
      }
      .role {
        font-size: 1.5rem;
        font-weight: 800;
      }
      .team {
        font-size: 0.85rem;
        color: var(--muted);
      }
      .rule {
        font-size: 0.9rem;
        text-align: center;
      }
      .mates,
      .check {
        font-size: 0.9rem;
        font-weight: 600;
      }
    `,
  ];

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  override render() {
    if (!this.roleId) return html``;
    return html`<button
      aria-pressed=${String(this.shown)}
      aria-describedby="hint"
      @pointerdown=${this.down}
      @pointerup=${this.up}
      @pointercancel=${this.up}
      @pointerleave=${this.up}
      @keydown=${this.keyDown}
      @keyup=${this.keyUp}
      @click=${this.tapped}
      @contextmenu=${(e: Event) => e.preventDefault()}
    >
      ${this.shown ? this.face(this.roleId) : html`<span class="back">${msg('Hold to see your role', { id: 'card.hold' })}</span>`}
    </button>
    <p id="hint" class="sr-only">${msg('Shows your role while pressed.', { id: 'card.hint' })}</p>`;
  }

  private face(role: RoleId) {
    const mates = this.teammates.map((m) => seatAndName(m.seat, m.name)).join(', ');
    return html`<span class="role" role="status">${roleName(role)}</span>
      ${
        this.team
          ? html`<span class="team">${msg(str`Team: ${teamName(this.team)}`, { id: 'card.team' })}${
              this.card ? html` · ${msg(str`card ${this.card}`, { id: 'card.number' })}` : ''
            }</span>`
          : ''
      }
      <span class="rule">${roleRule(role)}</span>
      ${mates ? html`<span class="mates">${msg(str`Your team: ${mates}`, { id: 'card.mates' })}</span>` : ''}
      ${this.checks.map(
        (c) =>
          html`<span class="check">
            ${msg(str`Night ${c.round}: ${seatAndName(c.target, c.name)} is ${checkText(c.result)}`, { id: 'night.check' })}
          </span>`,
      )}`;
  }

  private readonly down = (e: PointerEvent) => {
    if (e.button !== 0) return;
    this.held = true;
    this.shown = true;
  };

  private readonly up = () => {
    if (!this.held) return;
    this.held = false;
    this.shown = false;
  };

  private readonly keyDown = (e: KeyboardEvent) => {
    if (e.key !== ' ' && e.key !== 'Enter') return;
    e.preventDefault();
    this.held = true;
    this.shown = true;
  };

  private readonly keyUp = (e: KeyboardEvent) => {
    if (e.key !== ' ' && e.key !== 'Enter') return;
    this.up();
    // Space clicks on key up: that click ends a hold, it is not a screen reader's tap.
    this.released = true;
    setTimeout(() => {
      this.released = false;
    });
  };

  /** A screen reader activates with a click and no press: reveal for a few seconds instead. */
  private readonly tapped = (e: MouseEvent) => {
    if (e.detail !== 0 || this.held || this.released) return;
    this.shown = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.held) this.shown = false;
    }, TAP_REVEAL_MS);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-role-card': RoleCard;
  }
}
