import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { YouView } from '../../../shared/views/types.js';
import { fire } from '../events.js';
import { abilityHint, abilityName, checkText, seatAndName } from '../i18n/names.js';
import { shared } from '../styles/shared.js';

/**
 * A player's night: which ability he is using (the Don has two), what he has done, and what his checks
 * told him. The targets themselves are the seat tiles.
 */
@localized()
@customElement('sc-night-panel')
export class NightPanel extends LitElement {
  /** What he has done tonight with each ability (the record, not what he may still do). */
  @property({ attribute: false }) abilities: YouView['abilities'] = [];
  /** The abilities he may still use tonight: the view's `may`. */
  @property({ attribute: false }) open: string[] = [];
  @property({ attribute: false }) checks: YouView['checks'] = [];
  /** Tonight's shots of his teammates: a joint shot counts only if they all pick the same player. */
  @property({ attribute: false }) teamShots: YouView['teamShots'] = [];
  @property({ attribute: false }) names: Record<number, string> = {};
  @property() ability: string | null = null;
  /** Someone else is still to act, or the window is shared: the night goes on. */
  @property({ type: Boolean }) watching = false;

  static override styles = [
    shared,
    css`
      .warn {
        font-weight: 700;
        color: var(--danger);
      }
      [role='radiogroup'] {
        display: flex;
        gap: 0.5rem;
        margin: 0.5rem 0;
      }
      [role='radio'][aria-checked='true'] {
        background: var(--accent);
        color: var(--on-accent);
        border-color: var(--accent);
      }
      ul {
        margin: 0.25rem 0 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  override render() {
    const open = this.open;
    const done = this.abilities.filter((a) => a.done);
    return html`<section class="card" aria-labelledby="night-h">
      <h2 id="night-h">${msg('Your night', { id: 'night.title' })}</h2>
      ${
        open.length === 0 && done.length === 0
          ? html`<p>${msg('The city sleeps. Nothing to do tonight: wait for the morning.', { id: 'night.sleep' })}</p>`
          : ''
      }
      ${
        open.length > 1
          ? html`<div role="radiogroup" aria-label=${msg('Ability', { id: 'night.ability' })}>
            ${open.map(
              (ability) => html`<button
                role="radio"
                aria-checked=${String(ability === this.ability)}
                @click=${() => fire(this, 'sc-ability', ability)}
              >
                ${abilityName(ability)}
              </button>`,
            )}
          </div>`
          : ''
      }
      ${this.ability ? html`<p>${abilityHint(this.ability)}</p>` : ''}
      ${
        this.teamShots.length > 0
          ? html`<p>
            ${msg(str`Your team shoots: ${this.teamShots.map((t) => `${this.seat(t.seat)} → ${this.seat(t.target)}`).join('; ')}`, { id: 'night.teamShots' })}
          </p>`
          : ''
      }
      ${
        this.split()
          ? html`<p class="warn" role="alert">
            ${msg('Your shots differ: a split shot kills nobody. Agree on one target.', { id: 'night.splitShot' })}
          </p>`
          : ''
      }
      ${done.map(
        (a) =>
          html`<p>${msg(str`${abilityName(a.ability)}: ${this.seat(a.target)} — done.`, { id: 'night.done' })}</p>`,
      )}
      ${
        this.checks.length > 0
          ? html`<h3>${msg('Your checks', { id: 'night.checks' })}</h3>
            <ul>
              ${this.checks.map(
                (c) =>
                  html`<li>
                    ${msg(str`Night ${c.round}: ${this.seat(c.target)} is ${checkText(c.result)}`, { id: 'night.check' })}
                  </li>`,
              )}
            </ul>`
          : ''
      }
    </section>`;
  }

  /** The team's shots tonight, one's own included, name more than one seat (A5: then nobody dies). */
  private split(): boolean {
    const own = this.abilities.find((a) => a.ability === 'shoot' && a.done)?.target ?? null;
    const targets = new Set(this.teamShots.map((t) => t.target));
    if (own !== null) targets.add(own);
    return targets.size > 1;
  }

  private seat(seat: Seat | null): string {
    return seat === null ? '—' : seatAndName(seat, this.names[seat] ?? '');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-night-panel': NightPanel;
  }
}
