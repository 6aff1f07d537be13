import type { Seat } from '../domain/vocabulary.js';
import { givesLastWord } from '../engine/checks.js';
import type { GameState } from '../engine/state.js';
import { countsAsMafiaNow } from '../roles/index.js';

/** One end of a media link: a seat, or the host (narrator, moderator, judge). */
export type Endpoint = Seat | 'host';

/** What one end may send the other. */
export interface Media {
  audio: boolean;
  video: boolean;
}

/** A link as one end sees it: what he may send the peer and what he may receive from him. */
export interface PeerLink {
  peer: Endpoint;
  send: Media;
  receive: Media;
}

/**
 * The parts of the game a link depends on, and nothing else: every function here reads only these, which
 * the type enforces. States that share them (the engine replaces a part only when it changes) have the same
 * links at every endpoint, so a round of views can leave every seat's links unbuilt (`sameLinks`).
 */
const LINK_PARTS = ['phase', 'speaker', 'wake', 'mafiaMic', 'alive', 'names', 'roles'] as const;
export type LinkTable = Pick<GameState, (typeof LINK_PARTS)[number]> & {
  settings: Pick<GameState['settings'], 'master'>;
};

/** True when `a` and `b` hold the very same parts every link depends on: their links are the same. */
export const sameLinks = (a: LinkTable, b: LinkTable): boolean =>
  a.settings.master === b.settings.master && LINK_PARTS.every((part) => a[part] === b[part]);

const NOTHING: Media = { audio: false, video: false };
const EVERYTHING: Media = { audio: true, video: true };
const AUDIO: Media = { audio: true, video: false };
const VIDEO: Media = { audio: false, video: true };

const hasMedia = (m: Media) => m.audio || m.video;

/** A member of the mafia who wakes with it now (the mafia, the Don, an awakened Werewolf; not the Maniac). */
export const isMafioso = (s: LinkTable, seat: Seat): boolean => countsAsMafiaNow(s, seat);

/** Seats whose mafia microphone is on tonight (A3): the agreement is per night and lapses at dawn. */
export function mafiaMicOn(s: LinkTable): Seat[] {
  return s.phase.kind === 'night' && s.mafiaMic.round === s.phase.round ? s.mafiaMic.seats : [];
}

/** The mafia is awake now: the introduction night, the auto night window, or the narrator's mafia wake. */
export function mafiaAwake(s: LinkTable): boolean {
  if (s.phase.kind !== 'night') return false;
  const { stage } = s.phase;
  return stage === 'intro' || stage === 'actions' || (stage === 'wake' && s.wake === 'mafia');
}

/**
 * The table is open: everyone at it sees and hears everyone — the lobby and the card deal, the day, and the
 * game once over.
 */
const openTable = (s: LinkTable) => s.phase.kind !== 'night';

/** A human host runs the table (narrator, moderator, judge); an automatic room's host is only its creator. */
const hostAtTable = (s: LinkTable) => s.settings.master !== 'auto' && s.phase.kind !== 'lobby';

/**
 * Seats that sit in the room: everyone before the deal and after the game, the living during it, and the
 * player giving his last word (voted out or shot, he still speaks to the table until it ends).
 */
function atTable(s: LinkTable, seat: Seat): boolean {
  return (
    s.phase.kind === 'lobby' || s.phase.kind === 'over' || s.alive.includes(seat) || givesLastWord(s, seat)
  );
}

/**
 * What `from` may send `to` now.
 * - The open table: whoever sits at it sends sound and picture to everyone, the eliminated included — they
 *   watch and listen, but are muted and send nothing; a player out is seen and heard during his last word.
 * - At night nobody sees anybody, except the living mafia while awake: on the introduction night they see
 *   each other (A8, "they look at each other and go to sleep"); on any night they hear each other once both
 *   ends have switched the mafia microphone on (A3).
 * - A human host (narrator, moderator, judge) sees and hears every seat and is heard by all, night and day:
 *   he knows every role, and the town sleeps while he speaks.
 */
export function mediaFrom(s: LinkTable, from: Endpoint, to: Endpoint): Media {
  if (from === to) return NOTHING;
  if (from === 'host' || to === 'host') {
    if (!hostAtTable(s)) return NOTHING;
    return from === 'host' || s.alive.includes(from) || givesLastWord(s, from) ? EVERYTHING : NOTHING;
  }
  if (!(from in s.names) || !(to in s.names)) return NOTHING;
  if (openTable(s)) return atTable(s, from) ? EVERYTHING : NOTHING;
  if (!mafiaAwake(s)) return NOTHING;
  const bothMafia = [from, to].every((x) => s.alive.includes(x) && isMafioso(s, x));
  if (!bothMafia) return NOTHING;
  const mic = mafiaMicOn(s);
  const hear = mic.includes(from) && mic.includes(to);
  const see = s.phase.stage === 'intro';
  return see && hear ? EVERYTHING : see ? VIDEO : hear ? AUDIO : NOTHING;
}

/** Every endpoint of the game: the seats taken and the host. */
export function endpointsOf(s: LinkTable): Endpoint[] {
  const seats = Object.keys(s.names)
    .map(Number)
    .sort((a, b) => a - b);
  return [...seats, 'host'];
}

/** May `a` and `b` hold a peer connection now (media flows at least one way)? */
export function mayLink(s: LinkTable, a: Endpoint, b: Endpoint): boolean {
  return hasMedia(mediaFrom(s, a, b)) || hasMedia(mediaFrom(s, b, a));
}

/** The links `me` may hold now, and the peers he must not be connected to. */
export function linksOf(s: LinkTable, me: Endpoint): { peers: PeerLink[]; forbidden: Endpoint[] } {
  const peers: PeerLink[] = [];
  const forbidden: Endpoint[] = [];
  for (const peer of endpointsOf(s)) {
    if (peer === me) continue;
    const send = mediaFrom(s, me, peer);
    const receive = mediaFrom(s, peer, me);
    if (hasMedia(send) || hasMedia(receive)) peers.push({ peer, send, receive });
    else forbidden.push(peer);
  }
  return { peers, forbidden };
}
