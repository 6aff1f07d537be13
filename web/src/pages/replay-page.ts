import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { judgeSealsWith } from '../../../shared/audit/seal.js';
import { viewerName } from '../../../shared/audit/viewer.js';
import '../components/replay-moment.js';
import '../components/replay-scrubber.js';
import '../components/replay-story.js';
import type { SealCheck } from '../components/seal-status.js';
import '../components/seal-status.js';
import { logBase } from '../config.js';
import { fetchGameLog, fetchReadLink } from '../logic/game-log.js';
import { fetchLogKey } from '../logic/log-key.js';
import { ReplayLog, viewerChoices, viewerOf } from '../logic/replay.js';
import { hrefOf, type ReplayRoute } from '../router.js';
import { shared } from '../styles/shared.js';

type Loading =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'ready'; log: ReplayLog };

/**
 * The replay viewer: a finished game's log, fetched with this phone's token or a read-only link, or a log
 * file opened from the device. A slider and steps move through its versions; the viewer can be any seat,
 * the host, the public or the analyst, each seeing exactly the view the server would have sent; the audit
 * says whether the chain holds. The address always names the moment shown, so it is the dispute link.
 */
@localized()
@customElement('sc-replay-page')
export class ReplayPage extends LitElement {
  @property({ attribute: false }) route!: ReplayRoute;
  /** The token the log is asked for with: the link's, or this phone's seat or host token for that game. */
  @property({ attribute: false }) token: string | null = null;
  /** This phone hosted the game: it may hand out a read-only link. */
  @property({ type: Boolean }) host = false;
  @state() private loading: Loading = { kind: 'idle' };
  @state() private version = 1;
  @state() private as = 'analyst';
  @state() private readKey: string | null = null;
  @state() private copied = false;
  /** A refusal that leaves the log shown (a read-only link asked for by someone not the host). */
  @state() private problem: string | null = null;
  /** The log's signature, checked against the key this deployment publishes. */
  @state() private sealCheck: SealCheck = { kind: 'checking' };
  private download: string | null = null;

  static override styles = [
    shared,
    css`
      .row {
        align-items: center;
        flex-wrap: wrap;
      }
      select {
        width: auto;
      }
      .audit.bad {
        color: var(--danger);
        font-weight: 700;
      }
      input[readonly] {
        width: 100%;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('route') && !changed.has('token')) return;
    const before = changed.get('route') as ReplayRoute | undefined;
    const sameLog =
      before !== undefined && before.gameId === this.route.gameId && before.key === this.route.key;
    this.readKey = this.route.key;
    if (!sameLog || changed.has('token')) void this.fetchLog();
    else if (this.loading.kind === 'ready') this.showRoute(this.loading.log);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.download) URL.revokeObjectURL(this.download);
  }

  override render() {
    const l = this.loading;
    return html`<div class="stack">
      <section class="card stack">
        <h1>${msg('Replay', { id: 'replay.title' })}</h1>
        ${l.kind === 'ready' ? this.head(l.log) : ''}
        ${l.kind === 'loading' ? html`<p role="status">${msg('Reading the log…', { id: 'replay.loading' })}</p>` : ''}
        ${l.kind === 'refused' ? html`<p class="refused" role="alert">${refusalText(l.code, l.message)}</p>` : ''}
        ${
          this.route.gameId !== null && this.token === null && l.kind !== 'ready'
            ? html`<p class="refused" role="alert">
              ${msg('This phone did not play in that game. Ask its host for a read-only link.', { id: 'replay.noToken' })}
            </p>`
            : ''
        }
        <label class="row">
          <span>${msg('Open a log file', { id: 'replay.openFile' })}</span>
          <input type="file" accept=".jsonl,.json,.txt,application/x-ndjson" @change=${this.openFile} />
        </label>
      </section>
      ${l.kind === 'ready' ? this.body(l.log) : ''}
    </div>`;
  }

  private head(log: ReplayLog) {
    const audit = log.audit;
    return html`<p class="muted">${msg(str`Game ${log.gameId}`, { id: 'replay.game' })}${
      log.release === null
        ? ''
        : html` · ${msg(str`written by release ${log.release}`, { id: 'replay.release' })}`
    }</p>
      ${
        audit.ok
          ? html`<p class="audit ok" role="status">
            ${msg(str`Log verified: the chain holds and all ${log.commits.length} commits follow from their commands.`, { id: 'replay.auditOk' })}
          </p>`
          : html`<p class="audit bad" role="alert">
            ${msg(str`The log breaks at version ${audit.seq}:`, { id: 'replay.auditBad' })} ${audit.reason}
            <button type="button" @click=${() => this.seek(audit.seq)}>${msg('Go there', { id: 'replay.goThere' })}</button>
          </p>`
      }
      <sc-seal-status .check=${this.sealCheck}></sc-seal-status>
      ${
        this.download !== null
          ? html`<a class="button" href=${this.download} download=${`${log.gameId}.jsonl`}>
            ${msg('Download the log', { id: 'replay.download' })}
          </a>`
          : ''
      }`;
  }

  private body(log: ReplayLog) {
    const viewer = viewerOf(this.as, log.seats);
    const moment = log.moment(this.version, viewer);
    const label = (choice: string) => {
      const seat = log.seats.find((s) => String(s.seat) === choice);
      if (seat) return `${seat.seat} · ${seat.name}`;
      if (choice === 'host') return msg('Host', { id: 'replay.asHost' });
      if (choice === 'public') return msg('Public', { id: 'replay.asPublic' });
      return msg('Analyst (everything)', { id: 'replay.asAnalyst' });
    };
    return html`<section class="card stack">
        <label class="row">
          <span>${msg('Seen by', { id: 'replay.viewer' })}</span>
          <select id="viewer" @change=${(e: Event) => this.choose((e.target as HTMLSelectElement).value)}>
            ${viewerChoices(log.seats).map(
              (choice) =>
                html`<option value=${choice} ?selected=${choice === viewerName(viewer)}>${label(choice)}</option>`,
            )}
          </select>
        </label>
        <sc-replay-scrubber
          .version=${moment.version}
          .last=${log.last}
          @sc-seek=${(e: CustomEvent<number>) => this.seek(e.detail)}
        ></sc-replay-scrubber>
        <div class="row">
          <button type="button" @click=${this.copyLink}>${msg('Copy a link to this moment', { id: 'replay.mark' })}</button>
          ${
            this.host && this.readKey === null
              ? html`<button type="button" @click=${this.makeReadLink}>
                ${msg('Make a read-only link', { id: 'replay.readLink' })}
              </button>`
              : ''
          }
        </div>
        <input
          readonly
          aria-label=${msg('Link to this moment', { id: 'replay.link' })}
          aria-describedby="link-who"
          .value=${this.linkHere()}
        />
        <p id="link-who" class="muted">
          ${
            this.readKey === null
              ? msg(
                  'Players of this game open this link on their own phones; anyone else needs the host’s read-only link.',
                  { id: 'replay.linkPlayers' },
                )
              : msg(
                  'This link holds the host’s read-only key: anyone who has it can open this game’s replay.',
                  { id: 'replay.linkAnyone' },
                )
          }
        </p>
        ${this.copied ? html`<p role="status">${msg('Link copied.', { id: 'replay.copied' })}</p>` : ''}
        ${this.problem === null ? '' : html`<p role="alert">${this.problem}</p>`}
      </section>
      <sc-replay-story
        .steps=${log.steps(viewer)}
        .version=${moment.version}
        .seat=${viewer.kind === 'seat' ? viewer.seat : null}
        .names=${Object.fromEntries(log.seats.map((s) => [s.seat, s.name]))}
        @sc-seek=${(e: CustomEvent<number>) => this.seek(e.detail)}
      ></sc-replay-story>
      <sc-replay-moment .moment=${moment} .since=${log.sinceStart(moment.at)}></sc-replay-moment>`;
  }

  private async fetchLog(): Promise<void> {
    const { gameId } = this.route;
    if (gameId === null || this.token === null) {
      this.loading = { kind: 'idle' };
      return;
    }
    this.loading = { kind: 'loading' };
    const answer = await fetchGameLog(await logBase(), gameId, this.token);
    if (gameId !== this.route.gameId) return;
    if (!answer.ok) {
      this.loading = { kind: 'refused', code: answer.code, message: answer.message };
      return;
    }
    this.opened(answer.text, true);
  }

  private readonly openFile = async (e: Event) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) this.opened(await file.text(), false);
  };

  private opened(text: string, downloaded: boolean): void {
    const read = ReplayLog.read(text);
    if (!read.ok) {
      this.loading = { kind: 'refused', code: 'bad_log', message: read.message };
      return;
    }
    if (this.download) URL.revokeObjectURL(this.download);
    this.download = downloaded
      ? URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }))
      : null;
    this.loading = { kind: 'ready', log: read.log };
    this.showRoute(read.log);
    void this.checkSeal(read.log);
  }

  /**
   * The signature of the log shown — downloaded or opened from a file — checked in this browser (WebCrypto)
   * against the key this deployment publishes: a log of another deployment is another key's.
   */
  private async checkSeal(log: ReplayLog): Promise<void> {
    this.sealCheck = { kind: 'checking' };
    const key = await fetchLogKey(await logBase());
    const check: SealCheck = key.ok
      ? await judgeSealsWith(log.commits, log.seal, key.key)
      : { kind: 'unavailable', why: key.why, message: key.message };
    if (this.loading.kind === 'ready' && this.loading.log === log) this.sealCheck = check;
  }

  /** The moment and viewer the address names; a log file opened here starts at its end, as the analyst. */
  private showRoute(log: ReplayLog): void {
    const fromLink = this.route.gameId === log.gameId;
    this.version = fromLink && this.route.at !== null ? Math.min(this.route.at, log.last) : log.last;
    this.as = viewerName(viewerOf(fromLink ? this.route.as : null, log.seats));
  }

  private seek(version: number): void {
    this.version = version;
    this.copied = false;
    this.remember();
  }

  private choose(as: string): void {
    this.as = as;
    this.copied = false;
    this.remember();
  }

  /** The address follows the moment shown (without a new history entry for every step of the slider). */
  private remember(): void {
    if (this.loading.kind !== 'ready' || this.route.gameId === null) return;
    history.replaceState(null, '', `${location.pathname}${location.search}${this.routeHere()}`);
  }

  private routeHere(): string {
    const gameId = this.loading.kind === 'ready' ? this.loading.log.gameId : this.route.gameId;
    return hrefOf({ page: 'replay', gameId, at: this.version, as: this.as, key: this.readKey });
  }

  private linkHere(): string {
    return `${location.origin}${location.pathname}${this.routeHere()}`;
  }

  private readonly copyLink = async () => {
    try {
      await navigator.clipboard.writeText(this.linkHere());
      this.copied = true;
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is in the field to copy by hand.
      this.copied = false;
    }
  };

  private readonly makeReadLink = async () => {
    if (this.route.gameId === null || this.token === null) return;
    const answer = await fetchReadLink(await logBase(), this.route.gameId, this.token);
    if (answer.ok) {
      this.readKey = answer.token;
      this.remember();
    } else this.problem = refusalText(answer.code, answer.message);
  };
}

function refusalText(code: string, message: string): string {
  switch (code) {
    case 'game_running':
      return msg('The game is still being played: its replay opens when it ends.', { id: 'replay.running' });
    case 'bad_token':
      return msg('This link or phone does not open that game’s log.', { id: 'replay.badToken' });
    case 'no_game':
      return msg('There is no such game.', { id: 'replay.noGame' });
    case 'network':
      return msg('Could not reach the server.', { id: 'err.network' });
    case 'host_only':
      return msg('Only the host gives read-only links.', { id: 'replay.hostOnly' });
    case 'link_expired':
      return msg('This read-only link has expired: ask the host for a new one.', {
        id: 'replay.linkExpired',
      });
    case 'bad_log':
      return msg(str`That file is not a game log: ${message}`, { id: 'replay.badLog' });
    default:
      return message;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-replay-page': ReplayPage;
  }
}
