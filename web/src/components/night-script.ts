import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { HostView } from '../../../shared/views/types.js';
import { fire } from '../events.js';
import { abilityName, checkText, seatAndName, wakeName } from '../i18n/names.js';
import { isJointShot } from '../logic/host-desk.js';
import { shared } from '../styles/shared.js';
import './seat-chips.js';

export interface RecordDetail {
  /** The seats the move is recorded for; a joint shot is recorded once for the whole group. */
  seats: Seat[];
  ability: string;
  target: Seat | null;
  joint: boolean;
}

/**
 * The night script (C12): whom to wake, in order, and what to record for them. The moderator taps the
 * target each group shows him; a narrator only follows the script while players act on their phones.
 */
@localized()
@customElement('sc-night-script')
export class NightScript extends LitElement {
  @property({ attribute: false }) host!: HostView;
  @property({ attribute: false }) names: Record<number, string> = {};
  /** The seats the host may record a line's move on: the view's `may` for those seats (or the joint shot). */
  @property({ attribute: false }) targets: (seats: Seat[], ability: string, joint: boolean) => Seat[] =
    () => [];
  /** A joint shot may be recorded as a miss (`recordShot` with no target). */
  @property({ type: Boolean }) miss = false;
  /** The host records the moves (moderator mode). */
  @property({ type: Boolean }) recording = false;

  static override styles = [
    shared,
    css`
      .line {
        border-top: 1px solid var(--line);
        padding-top: 0.5rem;
        margin-top: 0.5rem;
      }
      .done {
        color: var(--ok);
        font-weight: 700;
      }
      .row {
        margin-top: 0.5rem;
      }
    `,
  ];

  override render() {
    const h = this.host;
    return html`<section class="card" aria-labelledby="script-h">
      <h2 id="script-h">${msg('Night script', { id: 'script.title' })}</h2>
      ${h.script.length === 0 ? html`<p>${msg('Nobody wakes now.', { id: 'script.none' })}</p>` : ''}
      ${h.script.map((line) => {
        const who = line.seats.map((s) => seatAndName(s, this.names[s] ?? '')).join(', ');
        const joint = isJointShot(h, line);
        const recorded = this.recorded(line.seats, line.ability, joint);
        return html`<div class="line">
          <h3>${msg(str`Wake: ${wakeName(line.wake)}`, { id: 'script.wake' })}</h3>
          <p>${who} — ${abilityName(line.ability)}</p>
          ${recorded ? html`<p class="done" role="status">${recorded}</p>` : ''}
          ${
            this.recording && !line.done
              ? html`<sc-seat-chips
                  .seats=${this.targets(line.seats, line.ability, joint)}
                  .names=${this.names}
                  .label=${msg(str`${abilityName(line.ability)}: target`, { id: 'script.target' })}
                  .verb=${abilityName(line.ability)}
                  @sc-seat=${(e: CustomEvent<Seat>) => this.record(line.seats, line.ability, e.detail, joint)}
                ></sc-seat-chips>
                ${
                  joint && this.miss
                    ? html`<div class="row">
                      <button @click=${() => this.record(line.seats, line.ability, null, true)}>
                        ${msg('Miss (no joint shot)', { id: 'script.miss' })}
                      </button>
                    </div>`
                    : ''
                }`
              : ''
          }
          ${!this.recording && !line.done ? html`<p class="muted">${msg('Waiting for them to act…', { id: 'script.waiting' })}</p>` : ''}
        </div>`;
      })}
    </section>`;
  }

  private record(seats: Seat[], ability: string, target: Seat | null, joint: boolean): void {
    fire<RecordDetail>(this, 'sc-record', { seats, ability, target, joint });
  }

  /** What was recorded for a line: the shot's target or a miss, or each seat's action (and a check's answer). */
  private recorded(seats: Seat[], ability: string, joint: boolean): string {
    const h = this.host;
    const name = (s: Seat) => seatAndName(s, this.names[s] ?? '');
    if (joint && h.recordedShot) {
      const t = h.recordedShot.target;
      return t === null
        ? msg('Recorded: a miss', { id: 'script.recordedMiss' })
        : msg(str`Recorded: ${name(t)}`, { id: 'script.recorded' });
    }
    return h.actions
      .filter((a) => seats.includes(a.seat) && a.ability === ability)
      .map((a) =>
        a.result
          ? msg(str`${name(a.seat)} → ${name(a.target)}: ${checkText(a.result)}`, { id: 'script.checked' })
          : `${name(a.seat)} → ${name(a.target)}`,
      )
      .join('; ');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-night-script': NightScript;
  }
}
