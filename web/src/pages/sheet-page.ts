import { consume } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { BallotRecord } from '../../../shared/log/records.js';
import type { GameView } from '../../../shared/views/types.js';
import { emptyRoom, type RoomState, roomContext } from '../context/room-context.js';
import { getLocale } from '../i18n/localization.js';
import { howName, phaseTitle, roleName, seatAndName, teamName } from '../i18n/names.js';
import { metaName, presetName } from '../i18n/setting-labels.js';
import { clubSheetOf } from '../logic/club-sheet.js';
import { signed } from '../logic/judge.js';
import { namesOf } from '../logic/screen.js';
import { departurePhase, sheetFile, sheetOf, tallyEntries } from '../logic/sheet.js';
import { termGrid } from '../styles/lists.js';
import { shared } from '../styles/shared.js';
import '../components/club-sheet-view.js';

/**
 * The game sheet: header, then the club protocol (`sc-club-sheet`) when the view carries one, otherwise the
 * seats with roles, fouls, how each left and the points, and every ballot of every day. Laid out to print.
 */
@localized()
@customElement('sc-sheet-page')
export class SheetPage extends LitElement {
  @consume({ context: roomContext, subscribe: true })
  @state()
  private room: RoomState = emptyRoom;

  static override styles = [
    shared,
    termGrid,
    css`
      table {
        width: 100%;
        border-collapse: collapse;
        font-size: 0.9rem;
        margin-bottom: 0.75rem;
      }
      th,
      td {
        border: 1px solid var(--line);
        padding: 0.3rem;
        text-align: left;
        vertical-align: top;
      }
      td.num,
      th.num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      dl {
        margin: 0 0 0.75rem;
      }
      .tools {
        margin-bottom: 0.75rem;
      }
      @media print {
        :host {
          color: #000;
        }
        .tools {
          display: none;
        }
        .card {
          border: 0;
          padding: 0;
          background: #fff;
        }
        th,
        td {
          border-color: #000;
        }
        section {
          break-inside: avoid;
        }
      }
    `,
  ];

  override render() {
    const v = this.room.view;
    if (!v) return html``;
    const club = clubSheetOf(v.sheet);
    const meta = v.settings.meta;
    const gameId = this.room.session?.gameId ?? '';
    return html`<div class="row tools">
        <a class="button" href=${`#/game/${encodeURIComponent(gameId)}`}>${msg('Back to the game', { id: 'sheet.back' })}</a>
        <button class="primary" @click=${() => window.print()}>${msg('Print', { id: 'sheet.print' })}</button>
        <button @click=${() => this.download(v, gameId)}>${msg('Download (JSON)', { id: 'sheet.download' })}</button>
        ${
          v.sheet
            ? html`<button @click=${() => this.openProtocol()}>
              ${club ? msg('Club protocol', { id: 'sheet.clubProtocol' }) : msg('Tournament protocol', { id: 'sheet.protocol' })}
            </button>`
            : ''
        }
      </div>
      <section class="card" aria-labelledby="sheet-h">
        <h1 id="sheet-h">${msg('Game sheet', { id: 'sheet.title' })}</h1>
        <dl>
          <dt>${msg('Rules', { id: 'set.preset' })}</dt>
          <dd>${presetName(v.settings.preset)}</dd>
          ${(['tournament', 'stage', 'table', 'game'] as const)
            .filter((k) => meta[k])
            .map((k) => html`<dt>${metaName(k)}</dt><dd>${meta[k]}</dd>`)}
          <dt>${msg('Host', { id: 'sheet.host' })}</dt>
          <dd>${v.hostName}</dd>
          <dt>${msg('Now', { id: 'sheet.now' })}</dt>
          <dd>${phaseTitle(v.phase)}</dd>
          ${v.winner ? html`<dt>${msg('Result', { id: 'sheet.result' })}</dt><dd>${v.winner === 'draw' ? teamName('draw') : msg(str`${teamName(v.winner)} wins!`, { id: 'res.wins' })}</dd>` : ''}
        </dl>
        ${club ? '' : this.seatTable(v)}
      </section>
      ${club ? html`<sc-club-sheet .sheet=${club}></sc-club-sheet>` : this.days(v)}`;
  }

  private seatTable(v: GameView) {
    const sheet = sheetOf(v);
    const names = namesOf(v);
    return html`<table>
          <caption class="sr-only">${msg('Players', { id: 'sheet.players' })}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">${msg('Player', { id: 'res.player' })}</th>
              <th scope="col" class="num">${msg('Fouls', { id: 'sheet.fouls' })}</th>
              <th scope="col">${msg('Out', { id: 'sheet.out' })}</th>
              <th scope="col" class="num">${msg('Points', { id: 'res.points' })}</th>
            </tr>
          </thead>
          <tbody>
            ${sheet.rows.map(
              (r) => html`<tr>
                <td>${r.seat}</td>
                <td>
                  <strong>${r.name}${r.winner ? ' ★' : ''}</strong><br />
                  <span class="muted">${r.role ? roleName(r.role) : ''}</span>
                </td>
                <td class="num">${r.fouls || ''}${r.remarks ? html` <span class="muted">(${r.remarks})</span>` : ''}</td>
                <td>
                  ${r.out ? html`${howName(r.out.how)}<br /><span class="muted">${phaseTitle(departurePhase(r.out))}</span>` : ''}
                  ${r.reason ? html`<br /><span class="muted">${msg(str`Reason: ${r.reason}`, { id: 'judge.confirmReason' })}</span>` : ''}
                </td>
                <td class="num">
                  ${r.points ?? ''}
                  ${
                    r.extra
                      ? html`<br /><span class="muted"
                          ><span class="sr-only">${msg('Extra points', { id: 'judge.points' })}: </span>${signed(r.extra)}</span
                        >`
                      : ''
                  }
                </td>
              </tr>`,
            )}
          </tbody>
        </table>
        ${
          sheet.bestMove
            ? html`<p>
              ${msg(
                str`Best move by ${seatAndName(sheet.bestMove.seat, names[sheet.bestMove.seat] ?? '')}: ${sheet.bestMove.targets.join(', ')}`,
                { id: 'sheet.bestMove' },
              )}
            </p>`
            : ''
        }`;
  }

  private days(v: GameView) {
    return sheetOf(v).days.map(
      (d) => html`<section class="card">
          <h2>${msg(str`Day ${d.round}`, { id: 'phase.day' })}</h2>
          ${d.ballots.map((b) => this.ballot(b, v))}
        </section>`,
    );
  }

  /**
   * Sport's or the club's official protocol (shared/audit/sheets.ts) in a page of its own, ready to print, in the
   * app's language. Loaded only when asked for: most games never need it, and it stays out of the first download.
   */
  private async openProtocol(): Promise<void> {
    const sheet = this.room.view?.sheet;
    if (!sheet) return;
    const { renderAnySheetHtml } = await import('../../../shared/audit/sheets.js');
    const page = renderAnySheetHtml(sheet, getLocale());
    const url = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  /** The sheet as a JSON file, as it stands now: a judge keeps one during the game as well as after. */
  private download(v: GameView, gameId: string): void {
    const file = sheetFile(v, gameId);
    const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  private ballot(b: BallotRecord, v: GameView) {
    const kind =
      b.kind === 'lift'
        ? msg('Should they all leave?', { id: 'ballot.lift' })
        : b.kind === 'revote'
          ? msg('Revote', { id: 'ballot.revote' })
          : msg('Vote', { id: 'stage.vote' });
    const label = (k: string) =>
      k === 'leave'
        ? msg('Leave', { id: 'ballot.leave' })
        : k === 'stay'
          ? msg('Stay', { id: 'ballot.stay' })
          : seatAndName(Number(k), v.seats.find((s) => s.seat === Number(k))?.name ?? '');
    return html`<table>
      <caption>${kind}</caption>
      <tbody>
        ${tallyEntries(b).map(([k, n]) => {
          const voters = Object.entries(b.votes)
            .filter(([, vote]) => String(vote) === k)
            .map(([s]) => s)
            .join(', ');
          return html`<tr>
            <th scope="row">${label(k)}</th>
            <td class="num">${n}</td>
            <td>${voters}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-sheet-page': SheetPage;
  }
}
