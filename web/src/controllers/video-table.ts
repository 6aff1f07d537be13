import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SignalPayload } from '../../../shared/protocol/signal.js';
import type { Endpoint, PeerLink } from '../../../shared/video/links.js';
import type { LinksFrame, SignalFrame, Signalling } from '../context/signalling-context.js';
import type { IceServer } from '../logic/ice-servers.js';
import {
  directionOf,
  isCaller,
  MAX_VIDEO_BITRATE,
  MEDIA_CONSTRAINTS,
  MEDIA_KINDS,
  type MediaKind,
} from '../logic/video.js';

/** An offer unanswered this long is sent again. */
const OFFER_RESEND_MS = 3000;
/** Longest one signal's handling holds up the next signals of the same peer. */
const SIGNAL_STEP_MS = 5000;

/** Resolves when `step` settles either way, or after `ms`. */
function settled(step: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    step.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

interface Peer {
  endpoint: Endpoint;
  pc: RTCPeerConnection;
  /** Names this peer connection in signals; made by the caller, adopted by the answering end. */
  id: string;
  link: PeerLink;
  caller: boolean;
  /** The caller's watch over an offer that got no answer (lost while the other end was not ready). */
  resend?: ReturnType<typeof setInterval>;
  /** Every track the peer sent. */
  remote: MediaStream;
  /** What is shown and played of them: only the kinds the link lets this phone receive. One stream per peer,
   * so a video element keeps playing across renders. */
  shown: MediaStream;
}

type Description = Extract<SignalPayload, { kind: 'description' }>['description'];

/**
 * The video table of one phone: its camera and microphone, and a peer connection to every seat the server's
 * `links` frame allows — no more. Of two ends the lower one offers (the host, then by seat); the other
 * answers, and says `hello` when it is ready or needs a new offer. A peer the server forbids is closed the
 * moment its `links` frame arrives, and a transceiver sends and receives only what the link allows, so a
 * client that keeps sending where it must not is cut off here. Nothing starts until the player joins the
 * video table: a game without cameras plays as before.
 */
export class VideoTable implements ReactiveController {
  joined = false;
  camera = true;
  microphone = true;
  local: MediaStream | null = null;
  /** Why there is no local picture or sound: the player refused, or the phone has no camera. */
  problem: 'denied' | 'unavailable' | null = null;

  /** Joined, and the camera and microphone asked for: links are made and signals answered only now. */
  private ready = false;
  private readonly peers = new Map<Endpoint, Peer>();
  /** Offers that arrived before the links frame that allows them, with the caller's candidates that followed. */
  private readonly early = new Map<Endpoint, SignalPayload[]>();
  /** Each peer's signals are handled one after the other: a candidate must wait for its description. */
  private readonly queues = new Map<Endpoint, Promise<void>>();
  private signalling: Signalling | null = null;
  private unsubscribe: (() => void) | null = null;
  private me: Endpoint | null = null;
  private ice: IceServer[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly iceServers: () => Promise<IceServer[]>,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.leave();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.signalling = null;
  }

  /** Who this phone is in the room, and the room's signalling; a change of either starts afresh. */
  attach(signalling: Signalling | null, me: Endpoint | null): void {
    if (signalling === this.signalling && me === this.me) return;
    const wasJoined = this.joined;
    this.hostDisconnected();
    this.signalling = signalling;
    this.me = me;
    this.unsubscribe = signalling?.subscribe(this.onFrame) ?? null;
    if (wasJoined) void this.join();
  }

  async join(): Promise<void> {
    if (this.joined) return;
    this.joined = true;
    this.host.requestUpdate();
    this.ice = await this.iceServers();
    try {
      this.local = await navigator.mediaDevices.getUserMedia(MEDIA_CONSTRAINTS);
      this.problem = null;
    } catch (error) {
      this.local = null;
      this.problem = (error as Error).name === 'NotAllowedError' ? 'denied' : 'unavailable';
    }
    if (!this.joined) return this.stopLocal();
    this.ready = true;
    this.setEnabled('video', this.camera);
    this.setEnabled('audio', this.microphone);
    this.apply(this.signalling?.links ?? null);
  }

  leave(): void {
    this.joined = false;
    this.ready = false;
    for (const endpoint of [...this.peers.keys()]) this.drop(endpoint);
    this.early.clear();
    this.stopLocal();
    this.host.requestUpdate();
  }

  toggleCamera(): void {
    this.camera = !this.camera;
    this.setEnabled('video', this.camera);
    this.host.requestUpdate();
  }

  toggleMicrophone(): void {
    this.microphone = !this.microphone;
    this.setEnabled('audio', this.microphone);
    this.host.requestUpdate();
  }

  /** The peer's picture and sound as the link allows them, or null when there is none. */
  streamOf(endpoint: Endpoint): MediaStream | null {
    const peer = this.peers.get(endpoint);
    return peer && peer.shown.getTracks().length > 0 ? peer.shown : null;
  }

  /** The links the server allows this phone now. */
  get links(): PeerLink[] {
    return this.signalling?.links?.peers ?? [];
  }

  private readonly onFrame = (frame: LinksFrame | SignalFrame): void => {
    if (frame.type === 'links') {
      this.apply(frame);
      return;
    }
    const { from, payload } = frame;
    const queue = this.queues.get(from) ?? Promise.resolve();
    // A step on a connection closed meanwhile never settles (WebRTC's operations chain): do not wait forever.
    const next = queue.then(() => settled(this.onSignal(from, payload), SIGNAL_STEP_MS));
    this.queues.set(from, next);
  };

  private apply(links: LinksFrame | null): void {
    if (!this.ready || !links || this.me === null) return;
    const allowed = new Map(links.peers.map((p) => [p.peer, p]));
    for (const endpoint of [...this.peers.keys()]) if (!allowed.has(endpoint)) this.drop(endpoint);
    for (const endpoint of [...this.early.keys()]) if (!allowed.has(endpoint)) this.early.delete(endpoint);
    for (const link of links.peers) {
      const peer = this.peers.get(link.peer);
      if (peer) {
        peer.link = link;
        this.setDirections(peer);
        showAllowed(peer);
      } else if (isCaller(this.me, link.peer)) {
        this.open(link, newId());
      } else {
        const held = this.early.get(link.peer);
        this.early.delete(link.peer);
        if (held) for (const payload of held) this.onFrame({ type: 'signal', from: link.peer, payload });
        else this.send(link.peer, { kind: 'hello' });
      }
    }
    this.host.requestUpdate();
  }

  private async onSignal(from: Endpoint, payload: SignalPayload): Promise<void> {
    if (!this.ready || this.me === null) return;
    const link = this.links.find((p) => p.peer === from);
    const peer = this.peers.get(from);
    switch (payload.kind) {
      case 'hello':
        if (!link || !isCaller(this.me, from)) return;
        if (peer && payload.pc === peer.id) return this.offer(peer);
        // The answering end holds no connection with this phone (it just joined, or came back): a new one.
        this.drop(from);
        this.open(link, newId());
        return;
      case 'description':
        if (payload.description.type === 'offer') return this.answer(from, link, payload);
        if (peer?.caller && peer.id === payload.pc && payload.description.type === 'answer')
          await peer.pc.setRemoteDescription(payload.description as RTCSessionDescriptionInit);
        return;
      case 'candidate': {
        if (peer?.id === payload.pc) return peer.pc.addIceCandidate(payload.candidate);
        // Without its candidates, a held offer's connection would rely on the answer's alone.
        const held = this.early.get(from);
        if (held?.[0]?.kind === 'description' && held[0].pc === payload.pc) held.push(payload);
        return;
      }
    }
  }

  private async answer(
    from: Endpoint,
    link: PeerLink | undefined,
    offer: Extract<SignalPayload, { kind: 'description' }>,
  ): Promise<void> {
    if (this.me === null || isCaller(this.me, from)) return;
    if (!link) {
      // The caller resends an unanswered offer: keep the candidates already held for it.
      const held = this.early.get(from)?.[0];
      if (held?.kind !== 'description' || held.pc !== offer.pc) this.early.set(from, [offer]);
      return;
    }
    let peer = this.peers.get(from);
    if (peer?.id !== offer.pc) {
      this.drop(from);
      peer = this.create(link, offer.pc, false);
    }
    await peer.pc.setRemoteDescription(offer.description as RTCSessionDescriptionInit);
    this.setDirections(peer);
    await peer.pc.setLocalDescription();
    this.sendDescription(peer);
  }

  private open(link: PeerLink, id: string): void {
    const peer = this.create(link, id, true);
    peer.resend = setInterval(() => {
      if (peer.pc.signalingState === 'have-local-offer') this.sendDescription(peer);
    }, OFFER_RESEND_MS);
    for (const kind of MEDIA_KINDS) {
      peer.pc.addTransceiver(kind, {
        direction: 'inactive',
        ...(kind === 'video' ? { sendEncodings: [{ maxBitrate: MAX_VIDEO_BITRATE }] } : {}),
      });
    }
    this.setDirections(peer);
  }

  private create(link: PeerLink, id: string, caller: boolean): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.ice });
    const peer: Peer = {
      endpoint: link.peer,
      pc,
      id,
      link,
      caller,
      remote: new MediaStream(),
      shown: new MediaStream(),
    };
    this.peers.set(link.peer, peer);
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (!candidate || this.peers.get(peer.endpoint) !== peer) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      this.send(peer.endpoint, {
        kind: 'candidate',
        pc: id,
        candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    });
    pc.addEventListener('track', ({ track }) => {
      peer.remote.addTrack(track);
      showAllowed(peer);
      track.addEventListener('ended', () => {
        peer.remote.removeTrack(track);
        showAllowed(peer);
        this.host.requestUpdate();
      });
      this.host.requestUpdate();
    });
    pc.addEventListener('negotiationneeded', () => {
      if (this.peers.get(peer.endpoint) !== peer) return;
      if (caller) void this.offer(peer).catch(() => undefined);
      else this.send(peer.endpoint, { kind: 'hello', pc: peer.id });
    });
    pc.addEventListener('connectionstatechange', () => {
      // A caller whose connection failed for good tries once more from scratch (a phone changed networks).
      if (pc.connectionState === 'failed' && caller && this.peers.get(peer.endpoint) === peer) {
        this.drop(peer.endpoint);
        this.open(peer.link, newId());
      }
      this.host.requestUpdate();
    });
    return peer;
  }

  /** Each transceiver sends and receives only what the link allows, and sends only what is switched on. */
  private setDirections(peer: Peer): void {
    for (const t of peer.pc.getTransceivers()) {
      const kind = t.receiver.track.kind as MediaKind;
      if (t.currentDirection === 'stopped' || !MEDIA_KINDS.includes(kind)) continue;
      const track = this.local?.getTracks().find((x) => x.kind === kind) ?? null;
      const send = peer.link.send[kind] && track !== null;
      const direction = directionOf(send, peer.link.receive[kind]);
      if (t.direction !== direction) t.direction = direction;
      if (t.sender.track !== (send ? track : null)) void t.sender.replaceTrack(send ? track : null);
    }
  }

  /** The caller's offer: the one still unanswered again, or a new one on the same connection. */
  private async offer(peer: Peer): Promise<void> {
    if (peer.pc.signalingState === 'stable') await peer.pc.setLocalDescription();
    if (peer.pc.signalingState === 'have-local-offer') this.sendDescription(peer);
  }

  private sendDescription(peer: Peer): void {
    const d = peer.pc.localDescription;
    if (!d) return;
    const description = { type: d.type, sdp: d.sdp } as Description;
    this.send(peer.endpoint, { kind: 'description', pc: peer.id, description });
  }

  private send(to: Endpoint, payload: SignalPayload): void {
    this.signalling?.signal(to, payload);
  }

  private drop(endpoint: Endpoint): void {
    const peer = this.peers.get(endpoint);
    if (!peer) return;
    this.peers.delete(endpoint);
    clearInterval(peer.resend);
    peer.pc.close();
    for (const track of peer.remote.getTracks()) track.stop();
    this.host.requestUpdate();
  }

  private setEnabled(kind: MediaKind, on: boolean): void {
    for (const track of this.local?.getTracks() ?? []) if (track.kind === kind) track.enabled = on;
  }

  private stopLocal(): void {
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
  }
}

function showAllowed(peer: Peer): void {
  const allowed = peer.remote.getTracks().filter((t) => peer.link.receive[t.kind as MediaKind]);
  for (const t of peer.shown.getTracks()) if (!allowed.includes(t)) peer.shown.removeTrack(t);
  for (const t of allowed) if (!peer.shown.getTracks().includes(t)) peer.shown.addTrack(t);
}

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
