import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import { fire } from '../events.js';
import { seatAndName } from '../i18n/names.js';
import { POINTS_STEP, pointsFrom, signed } from '../logic/judge.js';
import { closeOnBackdrop, dialogSheet } from '../styles/dialog.js';
import { shared } from '../styles/shared.js';

export interface ExtraPointsDetail {
  seat: Seat;
  points: number;
}
export interface DisqualifyDetail {
  seat: Seat;
  reason: string;
}

/**
 * The judge's tools for one seat, in a sheet from the bottom of the screen: extra points (within the game's
 * range, in steps of 0.05; also after the game), and disqualification with its reason, asked twice.
 * Raises `sc-extra-points` and `sc-disqualify`; the page sends the commands.
 */
@localized()
@customElement('sc-judge-dialog')
export class JudgeDialog extends LitElement {
  @property({ type: Number }) seat: Seat = 0;
  @property() name = '';
  @property({ attribute: false }) range: [number, number] = [-1, 1];
  /** The seat's extra points as far as they are known. */
  @property({ attribute: false }) points: number | null = null;
  /** The seat is still in the game: he may be disqualified. */
  @property({ type: Boolean }) disqualify = false;

  /** The reason given, while the judge is asked to confirm. */
  @state() private confirming: string | null = null;

  @query('dialog') private dialog!: HTMLDialogElement;
  @query('#jd-points') private pointsInput!: HTMLInputElement;
  @query('#jd-reason') private reasonInput?: HTMLInputElement;
  @query('#jd-confirm') private confirmBox?: HTMLElement;
  private opener: HTMLElement | null = null;

  static override styles = [
    shared,
    dialogSheet,
    css`
      :host {
        display: contents;
      }
      .top {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem;
        margin-bottom: 0.5rem;
      }
      .top h2 {
        margin: 0;
      }
      form,
      #jd-confirm {
        border-top: 1px solid var(--line);
        padding-top: 0.75rem;
        margin-top: 0.75rem;
      }
      #jd-confirm:focus {
        outline: none;
      }
      .hint {
        font-size: 0.9rem;
      }
      input[type='number'] {
        font-variant-numeric: tabular-nums;
      }
      .wide {
        width: 100%;
        margin-top: 0.5rem;
      }
    `,
  ];

  /** Opens the sheet with fresh fields; `opener` gets the focus back when it closes. */
  async show(opener: HTMLElement | null = null): Promise<void> {
    this.opener = opener;
    this.confirming = null;
    await this.updateComplete;
    this.pointsInput.value = String(this.points ?? 0);
    this.pointsInput.setCustomValidity('');
    if (this.reasonInput) this.reasonInput.value = '';
    if (!this.dialog.open) this.dialog.showModal();
  }

  close(): void {
    this.dialog.close();
  }

  override render() {
    const who = seatAndName(this.seat, this.name);
    return html`<dialog
      aria-labelledby="jd-h"
      @close=${() => this.opener?.focus()}
      @click=${(e: MouseEvent) => closeOnBackdrop(this.dialog, e)}
    >
      <div class="top">
        <h2 id="jd-h">${who}</h2>
        <button aria-label=${msg('Close', { id: 'dialog.close' })} @click=${() => this.close()}>✕</button>
      </div>
      ${this.pointsForm()} ${this.disqualify ? (this.confirming === null ? this.reasonForm() : this.confirm(who)) : ''}
    </dialog>`;
  }

  private pointsForm() {
    const [min, max] = this.range;
    return html`<form novalidate @submit=${this.givePoints}>
      <label for="jd-points">${msg('Extra points', { id: 'judge.points' })}</label>
      <p id="jd-range" class="muted hint">
        ${msg(str`From ${signed(min)} to ${signed(max)}, in steps of ${POINTS_STEP}.`, { id: 'judge.range' })}
      </p>
      <div class="row">
        <input
          id="jd-points"
          class="grow"
          type="number"
          inputmode="decimal"
          min=${min}
          max=${max}
          step=${POINTS_STEP}
          required
          aria-describedby="jd-range"
          @input=${() => this.pointsInput.setCustomValidity('')}
        />
        <button type="submit" class="primary">${msg('Save points', { id: 'judge.save' })}</button>
      </div>
    </form>`;
  }

  private reasonForm() {
    return html`<form novalidate @submit=${this.ask}>
      <h3>${msg('Disqualify', { id: 'judge.disqualify' })}</h3>
      <label for="jd-reason">${msg('Reason', { id: 'judge.reason' })}</label>
      <input id="jd-reason" maxlength="200" required autocomplete="off" @input=${() => this.reasonInput?.setCustomValidity('')} />
      <button type="submit" class="danger wide">${msg('Disqualify…', { id: 'judge.ask' })}</button>
    </form>`;
  }

  private confirm(who: string) {
    return html`<section id="jd-confirm" tabindex="-1" aria-labelledby="jd-confirm-h" aria-describedby="jd-confirm-t">
      <h3 id="jd-confirm-h">${msg(str`Disqualify ${who}?`, { id: 'judge.confirm' })}</h3>
      <div id="jd-confirm-t">
        <p>${msg(str`Reason: ${this.confirming}`, { id: 'judge.confirmReason' })}</p>
        <p class="muted">${msg(
          'The player leaves the game at once. Undo takes it back while it is your last action.',
          {
            id: 'judge.confirmText',
          },
        )}</p>
      </div>
      <div class="keys">
        <button class="danger" @click=${this.disqualifyNow}>${msg('Yes, disqualify', { id: 'judge.yes' })}</button>
        <button @click=${this.back}>${msg('Back', { id: 'judge.back' })}</button>
      </div>
    </section>`;
  }

  private givePoints(e: SubmitEvent): void {
    e.preventDefault();
    const input = this.pointsInput;
    const points = pointsFrom(this.range, input.value === '' ? Number.NaN : Number(input.value));
    if (points === null) {
      const [min, max] = this.range;
      input.setCustomValidity(
        msg(str`From ${signed(min)} to ${signed(max)}, in steps of ${POINTS_STEP}.`, { id: 'judge.range' }),
      );
      input.reportValidity();
      return;
    }
    fire<ExtraPointsDetail>(this, 'sc-extra-points', { seat: this.seat, points });
    this.close();
  }

  private async ask(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const input = this.reasonInput;
    const reason = input?.value.trim() ?? '';
    if (!input) return;
    if (!reason) {
      input.setCustomValidity(msg('Say why.', { id: 'judge.reasonNeeded' }));
      input.reportValidity();
      return;
    }
    this.confirming = reason;
    await this.updateComplete;
    this.confirmBox?.focus();
  }

  private async back(): Promise<void> {
    const reason = this.confirming ?? '';
    this.confirming = null;
    await this.updateComplete;
    if (this.reasonInput) {
      this.reasonInput.value = reason;
      this.reasonInput.focus();
    }
  }

  private disqualifyNow(): void {
    const reason = this.confirming;
    if (reason === null) return;
    fire<DisqualifyDetail>(this, 'sc-disqualify', { seat: this.seat, reason });
    this.close();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-judge-dialog': JudgeDialog;
  }
}
