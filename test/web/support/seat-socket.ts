import WebSocket from 'ws';
import { GameSocket, type GameSocketOptions } from '../../../web/src/controllers/game-socket.js';
import type { LocalTable } from '../../support/local-table.js';

/** What the controller needs of a browser: a WebSocket, and window/document to listen on. */
Object.assign(globalThis, {
  WebSocket,
  window: new EventTarget(),
  document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
});

export async function until(check: () => boolean, what: string): Promise<void> {
  const limit = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The PWA's socket controller resumed in seat 2 of a lobby on the local server, open once it returns. */
export async function seatTwoSocket(
  wsUrl: string,
  table: LocalTable,
  options: Omit<GameSocketOptions, 'url' | 'onChange' | 'onLost'> &
    Partial<Pick<GameSocketOptions, 'onChange' | 'onLost'>>,
): Promise<GameSocket> {
  const controller = new GameSocket({ addController: () => {}, requestUpdate: () => {} } as never, {
    url: async () => wsUrl,
    onChange: () => {},
    onLost: () => {},
    ...options,
  });
  controller.open({
    gameId: table.gameId,
    token: table.player(2).token,
    kind: 'seat',
    seat: 2,
    code: table.code,
    name: 'Player 2',
    savedAt: Date.now(),
    status: 'lobby',
  });
  await until(() => controller.status === 'open', 'the resume');
  return controller;
}
