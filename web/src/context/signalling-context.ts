import { createContext } from '@lit/context';
import type { ServerFrame } from '../../../shared/protocol/frames.js';
import type { SignalPayload } from '../../../shared/protocol/signal.js';
import type { Endpoint } from '../../../shared/video/links.js';

export type LinksFrame = Extract<ServerFrame, { type: 'links' }>;
export type SignalFrame = Extract<ServerFrame, { type: 'signal' }>;

/** The room socket's part in the video table: the links the server allows now, and signalling to peers. */
export interface Signalling {
  /** The newest `links` frame of this room, or null before the first. */
  readonly links: LinksFrame | null;
  /** Relays WebRTC negotiation to a peer through the server (which drops it if the phase forbids the link). */
  signal(to: Endpoint, payload: SignalPayload): void;
  /** Called with every new `links` frame and every `signal` relayed to this phone; returns the unsubscribe. */
  subscribe(listener: (frame: LinksFrame | SignalFrame) => void): () => void;
}

export const signallingContext = createContext<Signalling | null>(Symbol('signalling'));
