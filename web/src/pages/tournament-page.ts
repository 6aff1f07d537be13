import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { socketUrl } from '../config.js';
import { TournamentLink } from '../controllers/tournament-link.js';
import { fire, type OpenTableDetail } from '../events.js';
import { problemText } from '../i18n/problems.js';
import type { KeyValueStore } from '../logic/sessions.js';
import { loadTournamentKeys, saveTournamentKeys } from '../logic/tournament-keys.js';
import { hrefOf, type TournamentRoute } from '../router.js';
import { shared } from '../styles/shared.js';
import '../components/tournament-player.js';
import '../components/tournament-standings.js';
import '../components/tournament-table.js';

/**
 * A tournament: with no id, the organizer's form that makes one (its players by name, its tables and
 * rounds; the games are sport's); with an id, its page for everyone — the standings, and every round's
 * tables with their games — plus, on the organizer's phone, the judges' link and the swaps before a round,
 * and on a judge's, the button that opens his table's game. Wide screens show standings and rounds side by
 * side (a hall's big screen); it prints as it is, without its buttons.
 */
@localized()
@customElement('sc-tournament-page')
export class TournamentPage extends LitElement {
  @property({ attribute: false }) route!: TournamentRoute;
  @property({ attribute: false }) store!: KeyValueStore;
  /** The name this phone last played or judged under. */
  @property() name = '';
  @property({ type: Boolean }) busy = false;
  @state() private making = false;
  @state() private copied = false;
  private readonly link = new TournamentLink(this, { url: socketUrl });

  static override styles = [
    shared,
    css`
      .rounds section.round {
        margin-bottom: 1rem;
      }
      .tables {
        display: grid;
        gap: 0.75rem;
      }
      @media (min-width: 900px) {
        .wide {
          display: grid;
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
          gap: 1rem;
          align-items: start;
        }
        .tables {
          grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
        }
      }
      textarea {
        width: 100%;
        min-height: 12rem;
        font: inherit;
      }
      .row2 {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0.5rem;
      }
      .link {
        overflow-wrap: anywhere;
      }
      @media print {
        .tools,
        form,
        button {
          display: none;
        }
        .card {
          border: 0;
          background: #fff;
        }
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('route')) this.link.watch(this.route.id, this.route.player);
  }

  override render() {
    return this.route.id === null ? this.form() : this.page(this.route.id);
  }

  private form() {
    const problem = this.link.problem;
    return html`<section class="card" aria-labelledby="new-h">
      <h1 id="new-h">${msg('Run a tournament', { id: 'tour.new' })}</h1>
      <p class="muted">
        ${msg('Sport mafia, tables of ten. Each table’s judge opens its game from the tournament’s page; the standings add up the finished games’ sheets.', { id: 'tour.newHelp' })}
      </p>
      <form @submit=${this.make} novalidate>
        <label for="t-name">${msg('Name of the tournament', { id: 'tour.name' })}</label>
        <input id="t-name" name="name" maxlength="200" required />
        <label for="t-players">${msg('Players, one name a line', { id: 'tour.players' })}</label>
        <textarea id="t-players" name="players" required></textarea>
        <div class="row2">
          <div>
            <label for="t-tables">${msg('Tables', { id: 'tour.tables' })}</label>
            <input id="t-tables" name="tables" type="number" min="1" max="20" value="2" required />
          </div>
          <div>
            <label for="t-rounds">${msg('Rounds', { id: 'tour.rounds' })}</label>
            <input id="t-rounds" name="rounds" type="number" min="1" max="20" value="4" required />
          </div>
        </div>
        ${problem ? html`<p class="error" role="alert">${this.problemText(problem)}</p>` : ''}
        <button class="primary" type="submit" ?disabled=${this.making}>
          ${msg('Create the tournament', { id: 'tour.create' })}
        </button>
      </form>
    </section>`;
  }

  private page(id: string) {
    const t = this.link.view;
    const problem = this.link.problem;
    if (t === null) {
      return problem
        ? html`<section class="card"><p class="error" role="alert">${this.problemText(problem)}</p></section>`
        : html`<p class="card" role="status">${msg('Opening the tournament…', { id: 'tour.opening' })}</p>`;
    }
    const names = new Map(t.players.map((p) => [p.id, p.name]));
    const said = problem ? html`<p class="card error" role="alert">${this.problemText(problem)}</p>` : '';
    if (this.route.player !== undefined) {
      return html`<h1>${t.name}</h1>
        <sc-tournament-player .tournament=${t} .player=${this.route.player}></sc-tournament-player>
        <a class="button" href=${hrefOf({ page: 'tournament', id, key: this.route.key })}>
          ${msg('Back to the tournament', { id: 'tour.back' })}
        </a>`;
    }
    const keys = loadTournamentKeys(this.store, id);
    const key = this.route.key ?? keys?.organizerToken ?? null;
    // A judge opens the tables of the first round not all open: not a later one by a slip of the finger.
    const current = t.seating.findIndex((round) => round.some((table) => table.game === null));
    return html`<h1>${t.name}</h1>
      ${said}
      ${keys ? this.organizerCard(id, keys.judgesKey) : ''}
      ${key !== null ? this.judgeName() : ''}
      ${t.problem ? html`<p class="card error" role="alert">${t.problem}</p>` : ''}
      <div class="wide">
        <section class="card" aria-labelledby="standings-h">
          <h2 id="standings-h">${msg('Standings', { id: 'tour.standings' })}</h2>
          <sc-tournament-standings
            .standings=${t.standings}
            .names=${names}
            .ratings=${t.ratings.players}
            .hrefOf=${(player: string) => hrefOf({ page: 'tournament', id, key: this.route.key, player })}
          ></sc-tournament-standings>
        </section>
        <div class="rounds" @sc-table-open=${(e: CustomEvent<{ round: number; table: number }>) => this.open(id, key, e.detail)}>
          ${t.seating.map(
            (round, i) => html`<section class="card round" aria-labelledby=${`round-${i + 1}`}>
              <h2 id=${`round-${i + 1}`}>${msg(str`Round ${i + 1}`, { id: 'tour.round' })}</h2>
              <div class="tables">
                ${round.map(
                  (table) => html`<sc-tournament-table
                    .table=${table}
                    .names=${names}
                    ?judge=${key !== null && i === current}
                    ?busy=${this.busy}
                  ></sc-tournament-table>`,
                )}
              </div>
              ${
                keys && round.every((table) => table.game === null)
                  ? this.swapForm(
                      id,
                      keys.organizerToken,
                      i + 1,
                      round.flatMap((table) => table.players),
                      names,
                    )
                  : ''
              }
            </section>`,
          )}
        </div>
      </div>`;
  }

  /** The organizer's own: the link his judges open their tables with. */
  private organizerCard(id: string, judgesKey: string) {
    const link = `${location.origin}${location.pathname}${hrefOf({ page: 'tournament', id, key: judgesKey })}`;
    const page = `${location.origin}${location.pathname}${hrefOf({ page: 'tournament', id, key: null })}`;
    return html`<section class="card tools" aria-labelledby="org-h">
      <h2 id="org-h">${msg('You organize this tournament', { id: 'tour.organizer' })}</h2>
      <p>${msg('Give your judges this link: with it each opens his table’s game on his phone.', { id: 'tour.judgesLinkHelp' })}</p>
      <button type="button" @click=${() => this.copy(link)}>
        ${this.copied ? msg('Copied', { id: 'tour.copied' }) : msg('Copy the judges’ link', { id: 'tour.copyJudges' })}
      </button>
      <details>
        <summary>${msg('Show the judges’ link (not on a screen the hall can see)', { id: 'tour.showJudges' })}</summary>
        <p class="link"><code>${link}</code></p>
      </details>
      <p>${msg('Players and spectators follow the tournament at this page:', { id: 'tour.publicHelp' })}</p>
      <p class="link"><a href=${page}>${page}</a></p>
    </section>`;
  }

  private judgeName() {
    return html`<section class="card tools">
      <label for="judge-name">${msg('Your name, as the judge', { id: 'tour.judgeName' })}</label>
      <input id="judge-name" maxlength="40" autocomplete="nickname" .value=${this.name} @input=${(
        e: Event,
      ) => {
        this.name = (e.target as HTMLInputElement).value;
      }} />
    </section>`;
  }

  private swapForm(id: string, token: string, round: number, players: string[], names: Map<string, string>) {
    const options = players.map((p) => html`<option value=${p}>${names.get(p) ?? p}</option>`);
    return html`<form class="tools" @submit=${(e: SubmitEvent) => this.swap(e, id, token, round)}>
      <h3>${msg('Swap two players of this round', { id: 'tour.swap' })}</h3>
      <div class="row2">
        <div>
          <label for=${`swap-a-${round}`}>${msg('Player', { id: 'tour.player' })}</label>
          <select id=${`swap-a-${round}`} name="a">${options}</select>
        </div>
        <div>
          <label for=${`swap-b-${round}`}>${msg('With', { id: 'tour.swapWith' })}</label>
          <select id=${`swap-b-${round}`} name="b">${options}</select>
        </div>
      </div>
      <button type="submit">${msg('Swap them', { id: 'tour.swapButton' })}</button>
    </form>`;
  }

  private async make(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const players = String(data.get('players') ?? '')
      .split('\n')
      .map((n) => n.trim())
      .filter((n) => n.length > 0);
    const tables = Number(data.get('tables'));
    this.making = true;
    try {
      const created = await this.link.create({
        action: 'tournamentCreate',
        name: String(data.get('name') ?? '').trim(),
        players,
        tables,
        rounds: Number(data.get('rounds')),
        settings: { preset: 'sport' },
      });
      saveTournamentKeys(this.store, created.tournamentId, created);
      location.hash = hrefOf({ page: 'tournament', id: created.tournamentId, key: null });
    } catch {
      // The link's problem says why, under the form.
    } finally {
      this.making = false;
    }
  }

  private async swap(e: SubmitEvent, id: string, token: string, round: number): Promise<void> {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const [a, b] = [String(data.get('a')), String(data.get('b'))];
    if (a === b) return;
    await this.link
      .swap({ action: 'tournamentSwap', tournamentId: id, token, round, a, b })
      .catch(() => undefined);
  }

  private open(id: string, key: string | null, at: { round: number; table: number }): void {
    if (key === null) return;
    const name = this.name.trim();
    if (name.length === 0) {
      this.renderRoot.querySelector<HTMLInputElement>('#judge-name')?.focus();
      return;
    }
    fire<OpenTableDetail>(this, 'sc-open-table', { tournamentId: id, key, ...at, name });
  }

  /** A refusal in the phone's words, in the tournament's terms where the game's would mislead. */
  private problemText(problem: { code: string; message: string }): string {
    if (problem.code === 'bad_token')
      return msg('This link’s key does not open that: ask the organizer for the judges’ link.', {
        id: 'tour.badKey',
      });
    if (problem.code === 'not_allowed')
      return msg('Not now: that table is open already, or its round has begun.', { id: 'tour.notAllowed' });
    return problemText(problem.code, problem.message);
  }

  private async copy(text: string): Promise<void> {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    this.copied = true;
  }
}
