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
 * again, and dropped once closed, only when its address is at the limit. A room counts from the moment it
 * is admitted, before its code is claimed and its first commit written: creates that arrive together are
 * admitted one at a time, never all on the count from before any of them.
 */
export class OpenRooms {
  private readonly byAddress = new Map<string, Set<string>>();
  /** Admitted rooms still being created: not yet in the log, so not to be found closed and dropped. */
  private readonly creating = new Set<string>();

  constructor(private readonly limit: number | null) {}

  /** Whether the address may open the room `gameId`; if so, it counts against the address at once. */
  async admit(deps: AppDeps, address: string | undefined, gameId: string): Promise<boolean> {
    if (this.limit === null || address === undefined) return true;
    const held = this.byAddress.get(address);
    if (held !== undefined && held.size >= this.limit) {
      for (const id of [...held])
        if (!this.creating.has(id) && !(await roomIsOpen(deps, id))) held.delete(id);
    }
    // Looked up again: others may have been admitted while the rooms were checked.
    const rooms = this.byAddress.get(address) ?? new Set<string>();
    if (rooms.size >= this.limit) return false;
    rooms.add(gameId);
    this.byAddress.set(address, rooms);
    this.creating.add(gameId);
    return true;
  }

  /** The room's creation finished, or failed: from now on it counts only while it is open. */
  settled(gameId: string): void {
    this.creating.delete(gameId);
  }
}
