import { consume } from '@lit/context';
import { localized, msg } from '@lit/localize';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Endpoint } from '../../../shared/video/links.js';
import type { GameView } from '../../../shared/views/types.js';
import { iceServers } from '../config.js';
import { emptyRoom, type RoomState, roomContext } from '../context/room-context.js';
import { type Signalling, signallingContext } from '../context/signalling-context.js';
import { VideoTable } from '../controllers/video-table.js';
import { command } from '../events.js';
import { mafiaHearsYou, mafiaMicState, type VideoTileState, videoTiles } from '../logic/video.js';
import { videoRooms } from '../logic/video-rooms.js';
import { shared } from '../styles/shared.js';
import './video-controls.js';
import './video-grid.js';

/** Seat 0 stands for the host's tile (narrator, moderator, judge) in the grid. */
const HOST_TILE = 0;

/** The room's video table: its switches and its grid, wired to the peer connections of this phone. */
@localized()
@customElement('sc-video-panel')
export class VideoPanel extends LitElement {
  @consume({ context: roomContext, subscribe: true })
  @state()
  private room: RoomState = emptyRoom;
  @consume({ context: signallingContext })
  private signalling: Signalling | null = null;
  /** The host's desk of a streamed table: offer the clock over the grid. */
  @property({ type: Boolean }) judge = false;
  @state() private showClock = false;
  private readonly table = new VideoTable(this, iceServers);

  static override styles = [
    shared,
    css`
      :host {
        margin: 0.75rem 0;
      }
    `,
  ];

  protected override willUpdate(_changed: PropertyValues<this>): void {
    // An update can still run after the element left the page: it must not bring the table back to life.
    if (!this.isConnected) return;
    const v = this.room.view;
    const me: Endpoint | null = v === null ? null : v.viewer === 'host' ? 'host' : v.seat;
    this.table.attach(this.signalling, me);
    const gameId = this.room.session?.gameId;
    if (gameId && videoRooms.has(gameId) && !this.table.joined) void this.table.join();
  }

  override render() {
    const v = this.room.view;
    if (!v) return html``;
    const links = this.table.links;
    const mic = mafiaMicState(v);
    return html`<sc-video-controls
        ?joined=${this.table.joined}
        ?camera=${this.table.camera}
        ?microphone=${this.table.microphone}
        .mafiaMic=${mic}
        ?teamHears=${mafiaHearsYou(links, v)}
        .problem=${this.table.problem}
        ?judge=${this.judge}
        ?showClock=${this.showClock}
        @sc-video-join=${() => this.join()}
        @sc-video-leave=${() => this.leave()}
        @sc-camera=${() => this.table.toggleCamera()}
        @sc-microphone=${() => this.table.toggleMicrophone()}
        @sc-mafia-mic=${(e: CustomEvent<boolean>) => this.switchMafiaMic(e.detail)}
        @sc-show-clock=${(e: CustomEvent<boolean>) => {
          this.showClock = e.detail;
        }}
      ></sc-video-controls>
      ${
        this.table.joined
          ? html`<sc-video-grid
            .tiles=${this.tiles(v)}
            .streams=${this.streams(v)}
            .clock=${v.clock}
            ?showClock=${this.showClock}
            .label=${msg('Video table', { id: 'video.title' })}
          ></sc-video-grid>`
          : ''
      }`;
  }

  private join(): void {
    if (this.room.session) videoRooms.join(this.room.session.gameId);
    void this.table.join();
  }

  private leave(): void {
    if (this.room.session) videoRooms.leave(this.room.session.gameId);
    this.table.leave();
  }

  /** Turning the mafia microphone on also joins the video table: the team needs this phone's microphone. */
  private switchMafiaMic(on: boolean): void {
    if (on) this.join();
    void command(this, { type: 'mafiaMic', on });
  }

  private tiles(v: GameView): VideoTileState[] {
    const tiles = videoTiles(v, this.table.links);
    if (v.viewer === 'host' || !this.table.links.some((p) => p.peer === 'host')) return tiles;
    const host: VideoTileState = {
      seat: HOST_TILE,
      name: v.hostName,
      speaking: false,
      nominated: false,
      dead: false,
      asleep: false,
      teammate: false,
      you: false,
    };
    return [host, ...tiles];
  }

  private streams(v: GameView): Map<number, MediaStream | null> {
    const streams = new Map<number, MediaStream | null>();
    for (const s of v.seats) streams.set(s.seat, this.table.streamOf(s.seat));
    streams.set(HOST_TILE, this.table.streamOf('host'));
    if (v.seat !== null) streams.set(v.seat, this.table.local);
    return streams;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-video-panel': VideoPanel;
  }
}
