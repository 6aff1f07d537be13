import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Settings } from '../../../shared/rules/settings.js';
import '../components/settings-form.js';
import { type CreateDetail, fire, type JoinDetail } from '../events.js';
import { getLocale } from '../i18n/localization.js';
import { normalizeCode } from '../logic/join-code.js';
import { type LastTimers, withLastTimers } from '../logic/last-timers.js';
import type { HeldGame, Session, SessionStatus } from '../logic/sessions.js';
import { defaultsOf } from '../logic/settings-fields.js';
import { shared } from '../styles/shared.js';

/** Join by code (or a link or QR code, which fill the code in), go back to a game, or host a new one. */
@localized()
@customElement('sc-home-page')
export class HomePage extends LitElement {
  @property() code: string | null = null;
  @property() name = '';
  @property({ attribute: false }) recent: HeldGame[] = [];
  @property({ type: Boolean }) busy = false;
  /** The code of a room that just took no player: its game may be under way, so watching it is offered. */
  @property() watchOffer: string | null = null;
  /** The timers of the last room created here with each rule set: the form starts from them. */
  @property({ attribute: false }) lastTimers: LastTimers = {};
  @state() private settings: Settings = defaultsOf('online');
  @state() private codeError = false;
  @state() private play = false;
  /** The host has changed the form: what he chose is kept as it is. */
  private touched = false;

  static override styles = [
    shared,
    css`
      .hero {
        text-align: center;
        margin: 0.5rem 0 1rem;
      }
      .hero p {
        color: var(--muted);
      }
      input.code {
        text-transform: uppercase;
        letter-spacing: 0.2em;
        font-size: 1.3rem;
        font-weight: 700;
      }
      .error {
        color: var(--danger);
        font-weight: 600;
      }
      button.primary,
      button.watch {
        width: 100%;
        margin-top: 0.75rem;
      }
      .offer {
        margin-top: 1rem;
        border-top: 1px solid var(--line);
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
      }
      li + li {
        margin-top: 0.5rem;
      }
      li .button {
        width: 100%;
        justify-content: space-between;
        gap: 0.5rem;
      }
      li .when {
        display: flex;
        flex-direction: column;
        align-items: flex-end;
        font-size: 0.85rem;
      }
      label.check {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        min-height: 44px;
        margin-top: 0.5rem;
      }
      label.check input {
        width: 24px;
        height: 24px;
      }
    `,
  ];

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('lastTimers') && !this.touched) {
      this.settings = withLastTimers(defaultsOf(this.settings.preset), this.lastTimers);
    }
  }

  override render() {
    return html`<div class="hero">
        <p>${msg('Mafia with friends: your phone is your card, the app is the game master.', { id: 'home.tagline' })}</p>
      </div>
      ${this.recent.length > 0 ? this.recentCard() : ''}
      <section class="card" aria-labelledby="join-h">
        <h2 id="join-h">${msg('Join a game', { id: 'home.join' })}</h2>
        <form @submit=${this.join} novalidate>
          <label for="code">${msg('Room code', { id: 'home.code' })}</label>
          <input
            id="code"
            class="code"
            name="code"
            autocomplete="off"
            autocapitalize="characters"
            maxlength="8"
            .value=${this.code ?? ''}
            aria-invalid=${String(this.codeError)}
            aria-describedby="code-help"
          />
          <p id="code-help" class=${this.codeError ? 'error' : 'muted'}>
            ${
              this.codeError
                ? msg('A code is 4 to 8 letters or digits.', { id: 'home.codeError' })
                : msg('Or scan the host’s QR code with your camera.', { id: 'home.scan' })
            }
          </p>
          <label for="join-name">${msg('Your name', { id: 'home.name' })}</label>
          <input id="join-name" name="name" autocomplete="nickname" maxlength="40" required .value=${this.name} />
          <button class="primary" type="submit" ?disabled=${this.busy}>${msg('Join', { id: 'home.joinButton' })}</button>
          ${this.watchOffer ? '' : html`<button class="watch" type="button" ?disabled=${this.busy} @click=${this.watch}>${msg('Watch without playing', { id: 'home.watchButton' })}</button>`}
        </form>
        ${this.watchOffer ? this.offerToWatch(this.watchOffer) : ''}
      </section>
      <section class="card" aria-labelledby="create-h">
        <h2 id="create-h">${msg('Host a game', { id: 'home.create' })}</h2>
        <form @submit=${this.create} novalidate>
          <label for="host-name">${msg('Your name', { id: 'home.name' })}</label>
          <input id="host-name" name="name" autocomplete="nickname" maxlength="40" required .value=${this.name} />
          <sc-settings-form
            .settings=${this.settings}
            @sc-settings=${(e: CustomEvent<Settings>) => {
              // A new rule set starts from the timers last chosen for it.
              const next =
                e.detail.preset === this.settings.preset
                  ? e.detail
                  : withLastTimers(e.detail, this.lastTimers);
              this.settings = next;
              this.touched = true;
            }}
          ></sc-settings-form>
          ${
            this.settings.master === 'auto'
              ? html`<label class="check">
                <input type="checkbox" name="play" .checked=${this.play} @change=${(e: Event) => {
                  this.play = (e.target as HTMLInputElement).checked;
                }} />
                ${msg('I host and I play: take a seat on this phone too', { id: 'home.play' })}
              </label>`
              : ''
          }
          <button class="primary" type="submit" ?disabled=${this.busy}>
            ${msg('Create the room', { id: 'home.createButton' })}
          </button>
        </form>
        <p><a href="#/tournament">${msg('Run a tournament of several tables', { id: 'home.tournament' })}</a></p>
      </section>`;
  }

  private recentCard() {
    return html`<section class="card" aria-labelledby="recent-h">
      <h2 id="recent-h">${msg('Back to your game', { id: 'home.recent' })}</h2>
      <ul>
        ${this.recent.slice(0, 5).map(
          (g) => html`<li>
            <a class="button" href=${`#/game/${encodeURIComponent(g.gameId)}`}>
              <span>${g.code}
                <span class="muted">${g.sessions.map((s) => placeName(s)).join(' · ')}</span>
              </span>
              <span class="when">
                <span>${statusName(g.status)}</span>
                <time class="muted" datetime=${new Date(g.savedAt).toISOString()}>${dateText(g.savedAt)}</time>
              </span>
            </a>
          </li>`,
        )}
      </ul>
    </section>`;
  }

  private join(e: SubmitEvent): void {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const data = new FormData(form);
    const code = normalizeCode(String(data.get('code') ?? ''));
    const name = String(data.get('name') ?? '').trim();
    this.codeError = code === null;
    if (!code) return;
    if (!name) {
      form.querySelector<HTMLInputElement>('[name=name]')?.focus();
      return;
    }
    fire<JoinDetail>(this, 'sc-join', { code, name });
  }

  /** Watch the room whose code is typed in: no seat, and no name needed. */
  private watch(e: Event): void {
    const form = (e.target as HTMLElement).closest('form') as HTMLFormElement;
    const code = normalizeCode(String(new FormData(form).get('code') ?? ''));
    this.codeError = code === null;
    if (code) fire<string>(this, 'sc-watch', code);
  }

  /** The room takes no more players: if its game is under way, the late comer may watch it instead. */
  private offerToWatch(code: string) {
    return html`<div class="offer" role="status">
      <p>${msg('This room takes no players now. If its game is under way, you can watch it.', { id: 'home.watchOffer' })}</p>
      <button class="primary" type="button" ?disabled=${this.busy} @click=${() => fire<string>(this, 'sc-watch', code)}>
        ${msg('Watch the game', { id: 'home.watchGame' })}
      </button>
    </div>`;
  }

  private create(e: SubmitEvent): void {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) {
      form.querySelector<HTMLInputElement>('[name=name]')?.focus();
      return;
    }
    const play = this.play && this.settings.master === 'auto';
    fire<CreateDetail>(this, 'sc-create', { settings: this.settings, name, play });
  }
}

/** How the list names this phone's place in a game: the host, a spectator, or the player's own name. */
function placeName(s: Session): string {
  if (s.kind === 'host') return msg('host', { id: 'home.asHost' });
  if (s.kind === 'spectator') return msg('watching', { id: 'home.asSpectator' });
  return s.name;
}

function statusName(status: SessionStatus): string {
  switch (status) {
    case 'lobby':
      return msg('in the lobby', { id: 'home.statusLobby' });
    case 'running':
      return msg('running', { id: 'home.statusRunning' });
    case 'finished':
      return msg('finished', { id: 'home.statusFinished' });
  }
}

/** The day and time the phone entered the game, in the page's language. */
function dateText(at: number): string {
  return new Date(at).toLocaleString(getLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-home-page': HomePage;
  }
}
