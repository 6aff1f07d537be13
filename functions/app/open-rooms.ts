import type { AppDeps } from './deps.js';

/** A lobby nobody is connected to and nothing happened in for this long is abandoned. */
export const ABANDONED_LOBBY_MS = 30 * 60_000;

/**
 * Whether a room still takes players: its game is in the lobby, and someone (not a mere spectator) is in it
 * or was lately. A room that does not is closed: its code answers like a code nobody holds.
 */
export async function roomIsOpen(deps: AppDeps, gameId: string): Promise<boolean> {
  const game = await deps.cache.load(gameId);
  if (game === null || game.folded.state.phase.kind !== 'lobby') return false;
  // Those who only watch do not hold a lobby open: a room is kept by its host and players.
  const connected = await deps.directory.connectionsOf(gameId);
  if (connected.some((c) => c.seat !== 'spectator')) return true;
  const [last] = await deps.store.read(gameId, game.folded.version - 1);
  return last !== undefined && deps.clock.now() - last.at < ABANDONED_LOBBY_MS;
}

/**
 * The rooms each address created that may still be open, so that one address cannot hold more than
 * `limit` lobbies at once. Counted in this process (on AWS, per function instance); a room is checked
 * again, and dropped once closed, only when its address is at the limit.
 */
export class OpenRooms {
  private readonly byAddress = new Map<string, Set<string>>();

  constructor(private readonly limit: number | null) {}

  /** Whether the address may open one more room. */
  async admit(deps: AppDeps, address: string | undefined): Promise<boolean> {
    if (this.limit === null || address === undefined) return true;
    const rooms = this.byAddress.get(address);
    if (rooms === undefined || rooms.size < this.limit) return true;
    for (const gameId of [...rooms]) if (!(await roomIsOpen(deps, gameId))) rooms.delete(gameId);
    if (rooms.size === 0) this.byAddress.delete(address);
    return rooms.size < this.limit;
  }

  opened(address: string | undefined, gameId: string): void {
    if (this.limit === null || address === undefined) return;
    const rooms = this.byAddress.get(address) ?? new Set<string>();
    rooms.add(gameId);
    this.byAddress.set(address, rooms);
  }
}
