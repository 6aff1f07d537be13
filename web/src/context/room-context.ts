import { createContext } from '@lit/context';
import type { GameView } from '../../../shared/views/types.js';
import type { Session } from '../logic/sessions.js';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** What every screen of a room reads: the latest view, whose phone this is, and the connection's state. */
export interface RoomState {
  session: Session | null;
  view: GameView | null;
  version: number;
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
  status: 'idle',
  online: true,
  audience: 0,
};

export const roomContext = createContext<RoomState>(Symbol('room'));
