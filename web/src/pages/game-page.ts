import { consume } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { VoteValue } from '../../../shared/log/records.js';
import type { AbilityId } from '../../../shared/roles/index.js';
import type { GameView } from '../../../shared/views/types.js';
import '../components/action-bar.js';
import '../components/ballot-panel.js';
import '../components/best-move-panel.js';
import '../components/chat-panel.js';
import '../components/confirm-dialog.js';
import type { ConfirmDialog } from '../components/confirm-dialog.js';
import '../components/morning-banner.js';
import '../components/my-checks.js';
import '../components/night-panel.js';
import '../components/phase-bar.js';
import '../components/results-panel.js';
import '../components/role-card.js';
import '../components/seat-grid.js';
import '../components/verdict-banner.js';
import '../components/video-panel.js';
import { emptyRoom, type RoomState, roomContext } from '../context/room-context.js';
import { command } from '../events.js';
import { abilityName, howName, seatAndName } from '../i18n/names.js';
import {
  ballotMode,
  bestMoveOpen,
  canGiveUp,
  canNominate,
  canUnvote,
  holdsFloor,
  knowTeamState,
  myVote,
  nameOf,
  namesOf,
  openAbilities,
  type TileIntent,
  targetsFor,
  voteCounts,
  voteTargets,
  writableChannels,
} from '../logic/screen.js';
import { canSayReady, notVoted, verdictOf, voteLines } from '../logic/votes.js';
import { shared } from '../styles/shared.js';

/** A player's phone during the game: his card, the table, and whatever he may do now. */
@localized()
@customElement('sc-game-page')
export class GamePage extends LitElement {
  @consume({ context: roomContext, subscribe: true })
  @state()
  private room: RoomState = emptyRoom;
  @state() private ability: string | null = null;
  @state() private picked: Seat[] = [];
  @query('sc-confirm-dialog') private giveUpDialog?: ConfirmDialog;
  private phaseId = '';

  static override styles = [
    shared,
    css`
      .floor {
        border-left: 6px solid var(--focus);
      }
      .wide {
        width: 100%;
      }
      ul.noms {
        margin: 0;
        padding-left: 1.2rem;
      }
      .table {
        margin: 0.75rem 0;
      }
      .leave {
        display: flex;
        justify-content: flex-end;
        margin: 1.5rem 0 0.75rem;
      }
    `,
  ];

  protected override willUpdate(_changed: PropertyValues<this>): void {
    const v = this.room.view;
    if (!v) return;
    // The forum's desk is loaded with the first forum game: the other rule sets never need it.
    if (v.forum) void import('../components/forum-desk.js');
    // A new step starts with nothing selected: yesterday's tap must not become tonight's shot.
    if (v.phase.id !== this.phaseId) {
      this.phaseId = v.phase.id;
      this.picked = [];
      this.ability = null;
    }
    const open = openAbilities(v);
    if (!this.ability || !open.includes(this.ability)) this.ability = open[0] ?? null;
  }

  override render() {
    const v = this.room.view;
    if (!v) return html``;
    const intent = this.intent(v);
    const names = namesOf(v);
    const you = v.you;
    return html`<sc-phase-bar .view=${v}></sc-phase-bar>
      ${v.over ? html`<sc-results-panel .view=${v}></sc-results-panel>${this.afterGame(v)}` : ''}
      <sc-morning-banner .morning=${v.morning} .names=${names}></sc-morning-banner>
      <sc-verdict-banner .verdict=${verdictOf(v)} .dayEnd=${v.dayEnd} .names=${names}></sc-verdict-banner>
      ${
        you && !v.over && !this.hasNightPanel(v)
          ? html`<sc-my-checks .checks=${you.checks} .moves=${you.moves} .names=${names} .night=${v.morning?.round ?? null}></sc-my-checks>`
          : ''
      }
      ${
        you?.role && !v.over
          ? html`<sc-role-card
            .roleId=${you.role}
            .team=${you.team}
            .card=${you.card}
            .teammates=${you.teammates.map((seat) => ({ seat, name: nameOf(v, seat), role: null }))}
            .checks=${you.checks.map((c) => ({ ...c, name: nameOf(v, c.target) }))}
          ></sc-role-card>`
          : ''
      }
      ${this.floor(v)} ${this.status(v)} ${this.knowTeam(v)} ${this.night(v)} ${this.nominations(v)}
      ${v.forum ? html`<sc-forum-desk .view=${v} .thread=${this.room.heldChat.table}></sc-forum-desk>` : ''}
      ${this.ballot(v)} ${this.bestMove(v)}
      <sc-video-panel></sc-video-panel>
      <div class="table">
        <h2 class="sr-only">${msg('Table', { id: 'meta.table' })}</h2>
        <sc-seat-grid
          .seats=${v.seats}
          .you=${you?.seat ?? null}
          .speaker=${v.speaker}
          .allRoles=${v.over || (v.settings.deadSeeRoles && you !== null && !you.alive)}
          .nominated=${nomineesShown(v)}
          .votes=${v.ballot ? voteCounts(v) : new Map()}
          .targets=${targetsFor(v, intent)}
          .selected=${this.picked}
          .verb=${this.verb(intent)}
          .label=${msg('Table', { id: 'meta.table' })}
          @sc-seat=${(e: CustomEvent<Seat>) => this.tap(v, intent, e.detail)}
        ></sc-seat-grid>
      </div>
      ${this.chat(v)}
      ${this.giveUp(v)}
      ${
        this.picked.length > 0 && intent
          ? html`<sc-action-bar
            .label=${this.pendingLabel(v, intent)}
            .ready=${intent.kind === 'bestMove' ? this.picked.length === 3 : this.picked.length === 1}
            @sc-confirm=${() => this.confirm(intent)}
            @sc-cancel=${() => {
              this.picked = [];
            }}
          ></sc-action-bar>`
          : ''
      }`;
  }

  /** The chat; in the forum game the thread holds the table channel, so this keeps the others. */
  private chat(v: GameView) {
    const forum = v.forum !== null;
    const messages = forum ? this.room.chat.filter((m) => m.channel !== 'table') : this.room.chat;
    const channels = writableChannels(v).filter((c) => !forum || c !== 'table');
    const unsent = this.room.unsentChat.filter((m) => !forum || m.channel !== 'table');
    if (!v.settings.chat || !v.you || (messages.length === 0 && channels.length === 0 && unsent.length === 0))
      return '';
    return html`<sc-chat-panel
      .messages=${messages}
      .unsent=${unsent}
      .channels=${channels}
      .names=${namesOf(v)}
      @sc-say=${(e: CustomEvent<{ channel: 'table' | 'mafia' | 'dead'; text: string }>) =>
        command(this, { type: 'say', ...e.detail })}
    ></sc-chat-panel>`;
  }

  private intent(v: GameView): TileIntent {
    if (this.ability && v.phase.kind === 'night') return { kind: 'act', ability: this.ability };
    if (bestMoveOpen(v)) return { kind: 'bestMove' };
    if (ballotMode(v) === 'majority') return { kind: 'vote' };
    if (canNominate(v)) return { kind: 'nominate' };
    return null;
  }

  private verb(intent: TileIntent): string {
    switch (intent?.kind) {
      case 'act':
        return abilityName(intent.ability);
      case 'nominate':
        return msg('Nominate', { id: 'play.nominate' });
      case 'vote':
        return msg('Vote against', { id: 'play.voteAgainst' });
      case 'bestMove':
        return msg('Name', { id: 'play.name' });
      default:
        return '';
    }
  }

  private tap(v: GameView, intent: TileIntent, seat: Seat): void {
    if (intent?.kind === 'bestMove') {
      this.picked = this.picked.includes(seat)
        ? this.picked.filter((s) => s !== seat)
        : [...this.picked, seat].slice(-3);
      return;
    }
    if (intent?.kind === 'vote' && myVote(v) === seat && canUnvote(v)) {
      command(this, { type: 'unvote' });
      return;
    }
    this.picked = this.picked[0] === seat ? [] : [seat];
  }

  private pendingLabel(v: GameView, intent: TileIntent): string {
    if (!intent || this.picked.length === 0) return '';
    const who = this.picked.map((s) => seatAndName(s, nameOf(v, s))).join(', ');
    return `${this.verb(intent)}: ${who}`;
  }

  private confirm(intent: TileIntent): void {
    const [target] = this.picked;
    if (!intent || target === undefined) return;
    switch (intent.kind) {
      case 'act':
        command(this, { type: 'act', ability: intent.ability as AbilityId, target });
        break;
      case 'nominate':
        command(this, { type: 'nominate', target });
        break;
      case 'vote':
        command(this, { type: 'vote', target });
        break;
      case 'bestMove':
        if (this.picked.length !== 3) return;
        command(this, { type: 'bestMove', targets: [...this.picked] });
        break;
    }
    this.picked = [];
  }

  /** A player out of the game is told how he left, and the judge's reason where he gave one. */
  private out(v: GameView, seat: Seat) {
    const left = v.eliminated.find((e) => e.seat === seat);
    const reason = v.seats.find((s) => s.seat === seat)?.disqualifiedFor ?? null;
    return html`<section class="card">
      <p>${msg('You are out of the game. You can watch to the end.', { id: 'play.out' })}</p>
      ${left ? html`<p>${msg(str`You left the game: ${howName(left.how)}.`, { id: 'play.outHow' })}</p>` : ''}
      ${reason ? html`<p>${msg(str`Reason: ${reason}`, { id: 'judge.confirmReason' })}</p>` : ''}
    </section>`;
  }

  /** Why this phone has nothing to do: out of the game, or a table recorded by the host. */
  private status(v: GameView) {
    if (v.over || !v.you || holdsFloor(v)) return '';
    if (!v.you.alive) return this.out(v, v.you.seat);
    if (v.settings.master === 'moderator')
      return html`<p class="card muted">
        ${msg('The host records the moves at the table; your phone shows your card and the game.', { id: 'play.moderated' })}
      </p>`;
    return '';
  }

  private knowTeam(v: GameView) {
    const state = knowTeamState(v);
    if (!state) {
      if (v.phase.stage === 'intro' && v.you?.alive)
        return html`<p class="card">${msg('Introduction night: the mafia meets. Everyone else sleeps.', { id: 'play.introSleep' })}</p>`;
      return '';
    }
    return html`<section class="card">
      <h2>${msg('Meet your team', { id: 'play.meet' })}</h2>
      <p>${msg('Hold your card to see who they are, then confirm.', { id: 'play.meetHint' })}</p>
      <button class="primary wide" ?disabled=${state === 'done'} @click=${() => command(this, { type: 'knowTeam' })}>
        ${state === 'done' ? msg('Done: waiting for the others', { id: 'play.knowDone' }) : msg('I know my team', { id: 'play.know' })}
      </button>
    </section>`;
  }

  private floor(v: GameView) {
    if (!holdsFloor(v)) return '';
    const last = v.phase.stage === 'lastWord';
    return html`<section class="card floor">
      <h2>${last ? msg('Your last word', { id: 'play.lastWord' }) : msg('You hold the floor', { id: 'play.floor' })}</h2>
      <button class="primary wide" @click=${() => command(this, { type: 'endSpeech' })}>
        ${msg('Thank you: end my speech', { id: 'play.endSpeech' })}
      </button>
    </section>`;
  }

  /** A living player acting on his own phone at night has his checks in the night panel. */
  private hasNightPanel(v: GameView): boolean {
    const acting = v.phase.kind === 'night' && v.phase.round > 0 && v.you?.alive === true;
    return acting && v.settings.master !== 'moderator';
  }

  private night(v: GameView) {
    if (!v.you || !this.hasNightPanel(v) || v.forum) return '';
    return html`<sc-night-panel
      .abilities=${v.you.abilities}
      .open=${openAbilities(v)}
      .teamShots=${v.you.teamShots}
      .checks=${v.you.checks}
      .names=${namesOf(v)}
      .ability=${this.ability}
      @sc-ability=${(e: CustomEvent<string>) => {
        this.ability = e.detail;
        this.picked = [];
      }}
    ></sc-night-panel>`;
  }

  private nominations(v: GameView) {
    const talk = v.phase.stage === 'speech' || v.phase.stage === 'discussion';
    if (v.phase.kind !== 'day' || v.settings.voting !== 'nominations' || v.ballot || !talk) return '';
    const can = canNominate(v);
    const ready = canSayReady(v);
    if (!can && !ready && v.nominations.length === 0 && v.ready.length === 0) return '';
    return html`<section class="card" aria-labelledby="nom-h">
      <h2 id="nom-h">${msg('Nominations', { id: 'set.nominate' })}</h2>
      ${can ? html`<p>${msg('Tap a player to put them up for the vote.', { id: 'play.nominateHint' })}</p>` : ''}
      ${
        v.nominations.length > 0
          ? html`<ul class="noms">
            ${v.nominations.map(
              (n) =>
                html`<li>
                  ${msg(str`${seatAndName(n.target, nameOf(v, n.target))}, by ${seatAndName(n.by, nameOf(v, n.by))}`, { id: 'play.nominatedBy' })}
                </li>`,
            )}
          </ul>`
          : ''
      }
      ${this.readyToVote(v, ready)}
    </section>`;
  }

  /** "Ready to vote": the discussion of an auto room ends when every living player has said it. */
  private readyToVote(v: GameView, offer: boolean) {
    if (v.phase.stage !== 'discussion' || v.settings.master !== 'auto') return '';
    const living = v.seats.filter((s) => s.alive).length;
    return html`${
      offer
        ? html`<button class="wide" @click=${() => command(this, { type: 'readyToVote' })}>
          ${msg('Ready to vote', { id: 'play.ready' })}
        </button>`
        : ''
    }
      ${
        v.ready.length > 0
          ? html`<p class="muted" aria-live="polite">
            ${msg(str`Ready to vote: ${v.ready.length} of ${living}`, { id: 'play.readyCount' })}
          </p>`
          : ''
      }`;
  }

  private ballot(v: GameView) {
    if (!v.ballot || v.phase.kind !== 'day') return '';
    if (v.settings.voting !== 'majority' && v.phase.stage !== 'vote') return '';
    return html`<sc-ballot-panel
      .ballot=${v.ballot}
      .mode=${ballotMode(v)}
      .mine=${myVote(v)}
      .unvote=${canUnvote(v)}
      .targets=${voteTargets(v)}
      .names=${namesOf(v)}
      .lines=${voteLines(v)}
      .waiting=${notVoted(v)}
      .living=${v.seats.filter((s) => s.alive).length}
      @sc-vote=${(e: CustomEvent<VoteValue>) =>
        command(
          this,
          typeof e.detail === 'number'
            ? { type: 'vote', target: e.detail }
            : { type: 'vote', choice: e.detail },
        )}
      @sc-unvote=${() => command(this, { type: 'unvote' })}
    ></sc-ballot-panel>`;
  }

  private bestMove(v: GameView) {
    const b = v.bestMove;
    if (!b || (b.seat !== v.you?.seat && !b.targets)) return '';
    if (!b.open && !b.targets) return '';
    return html`<sc-best-move-panel .picked=${this.picked} .made=${b.targets} .names=${namesOf(v)}></sc-best-move-panel>`;
  }

  /** Leaving for good is one key away, behind a question whose first answer is to stay. */
  private giveUp(v: GameView) {
    if (!canGiveUp(v)) return '';
    return html`<div class="leave">
        <button class="danger" aria-haspopup="dialog" @click=${(e: Event) => this.giveUpDialog?.show(e.currentTarget as HTMLElement)}>
          ${msg('Give up', { id: 'play.giveUp' })}
        </button>
      </div>
      <sc-confirm-dialog
        .heading=${msg('Leave the game?', { id: 'play.giveUpAsk' })}
        .text=${msg('You cannot come back.', { id: 'play.giveUpText' })}
        .confirmLabel=${msg('Give up', { id: 'play.giveUp' })}
        .cancelLabel=${msg('Stay in the game', { id: 'play.giveUpStay' })}
        @sc-confirmed=${() => command(this, { type: 'giveUp' })}
      ></sc-confirm-dialog>`;
  }

  private afterGame(v: GameView) {
    const gameId = this.room.session?.gameId ?? '';
    return html`<div class="row card">
      <a class="button" href=${`#/game/${encodeURIComponent(gameId)}/sheet`}>${msg('Game sheet', { id: 'sheet.title' })}</a>
      <a class="button" href=${`#/replay/${encodeURIComponent(gameId)}`}>${msg('Replay', { id: 'replay.title' })}</a>
      <a class="button" href="#/">${msg('Home', { id: 'nav.home' })}</a>
      ${v.settings.meta.tournament ? html`<span class="muted">${v.settings.meta.tournament}</span>` : ''}
    </div>`;
  }
}

/** Candidates are marked on their tiles while the day's talk and vote are on, not through the last word. */
function nomineesShown(v: GameView): Seat[] {
  const stage = v.phase.stage;
  const on = stage === 'speech' || stage === 'discussion' || stage === 'defence' || stage === 'vote';
  return v.phase.kind === 'day' && on ? v.nominations.map((n) => n.target) : [];
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-game-page': GamePage;
  }
}
