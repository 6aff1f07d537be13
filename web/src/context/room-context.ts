import { createContext } from '@lit/context';
import type { ChatMessage } from '../../../shared/log/records.js';
import type { GameView } from '../../../shared/views/types.js';
import type { HeldChat } from '../logic/chat-lines.js';
import type { UnsentLine } from '../logic/outbox.js';
import type { Session } from '../logic/sessions.js';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** What every screen of a room reads: the latest view, whose phone this is, and the connection's state. */
export interface RoomState {
  session: Session | null;
  view: GameView | null;
  version: number;
  /** Every chat line the phone holds, oldest first (pages and `chat` frames: the view has none). */
  chat: ChatMessage[];
  /** The same lines by channel, with the place of the first of each (the forum thread pages back from it). */
  heldChat: HeldChat;
  /** Lines this phone wrote that have not come back yet (offline, or on their way): shown as waiting. */
  unsentChat: readonly UnsentLine[];
  status: ConnectionStatus;
  /** The browser's idea of the network (navigator.onLine and its events). */
  online: boolean;
  /** How many spectators watch the game (connection state, not part of the view). */
  audience: number;
}

export const emptyRoom: RoomState = {
  session: null,
  view: null,
  version: 0,
  chat: [],
  heldChat: {},
  unsentChat: [],
  status: 'idle',
  online: true,
  audience: 0,
};

export const roomContext = createContext<RoomState>(Symbol('room'));
