import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { Endpoint, Media, PeerLink } from '../../../shared/video/links.js';
import type { GameView } from '../../../shared/views/types.js';
import { mayDo } from './screen.js';

/**
 * Sixteen seats in a full mesh send their picture fifteen times over: small frames at a low rate keep a
 * phone's uplink near 2 Mbit/s (15 × 150 kbit/s) plus audio.
 */
export const MEDIA_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 15, max: 15 } },
};
export const MAX_VIDEO_BITRATE = 150_000;

export type MediaKind = keyof Media;
export const MEDIA_KINDS: readonly MediaKind[] = ['audio', 'video'];

const order = (e: Endpoint) => (e === 'host' ? 0 : e);

/** Of two ends, the lower (the host first, then by seat) makes the offers; the other answers and says hello. */
export const isCaller = (me: Endpoint, peer: Endpoint): boolean => order(me) < order(peer);

export function directionOf(send: boolean, receive: boolean): RTCRtpTransceiverDirection {
  if (send && receive) return 'sendrecv';
  if (send) return 'sendonly';
  if (receive) return 'recvonly';
  return 'inactive';
}

/** One tile of the video grid: the seat, and what the table shows about it now. */
export interface VideoTileState {
  seat: Seat;
  name: string;
  speaking: boolean;
  nominated: boolean;
  dead: boolean;
  /** At night: a seat this phone is not linked with sleeps. */
  asleep: boolean;
  /** The mafia's own on the introduction night (A8: "their own are highlighted"). */
  teammate: boolean;
  you: boolean;
}

/** The tiles of the table as this phone's view and links show it. */
export function videoTiles(view: GameView, peers: readonly PeerLink[]): VideoTileState[] {
  const night = view.phase.kind === 'night';
  const linked = new Set(peers.map((p) => p.peer));
  const intro = view.phase.stage === 'intro';
  const mates = new Set(view.you?.teammates ?? []);
  const nominated = new Set(view.nominations.map((n) => n.target));
  return view.seats.map((s) => ({
    seat: s.seat,
    name: s.name,
    speaking: view.speaker === s.seat,
    nominated: nominated.has(s.seat),
    dead: !s.alive,
    asleep: night && s.alive && s.seat !== view.you?.seat && !linked.has(s.seat),
    teammate: intro && mates.has(s.seat),
    you: s.seat === view.you?.seat,
  }));
}

/**
 * The mafia microphone (A3) can be switched by this player now: a living mafioso (an awakened Werewolf too,
 * C14) while the mafia is awake, as the view's `may` says.
 */
export function mafiaMicState(view: GameView): 'off' | 'on' | null {
  const you = view.you;
  if (!you || !mayDo(view, 'mafiaMic')) return null;
  return you.mafiaMic.includes(you.seat) ? 'on' : 'off';
}

/** The team hears each other now: the banner that says only the team hears you. */
export function mafiaHearsYou(peers: readonly PeerLink[], view: GameView): boolean {
  return view.phase.kind === 'night' && peers.some((p) => p.send.audio && p.peer !== 'host');
}
