import { normalizeCode } from './logic/join-code.js';
import type { SessionKind } from './logic/sessions.js';

/**
 * Where the app is: the hash keeps every screen addressable without a server route for each. A room may
 * name the role the phone enters it as (`/desk` the host's, `/seat` his own seat, for a host who plays).
 */
export type Route =
  | { page: 'home'; code: string | null }
  | { page: 'room'; gameId: string; as?: SessionKind }
  | { page: 'sheet'; gameId: string };

const ROLE_PARTS: Record<string, SessionKind> = { desk: 'host', seat: 'seat' };

/** Reads a route from `location.hash` and `location.search` (`?code=` from printed or shared links). */
export function parseRoute(hash: string, search: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p.length > 0)
    .map((p) => safeDecode(p));
  if (parts[0] === 'game' && parts[1]) {
    if (parts[2] === 'sheet') return { page: 'sheet', gameId: parts[1] };
    const as = parts[2] === undefined ? undefined : ROLE_PARTS[parts[2]];
    return as ? { page: 'room', gameId: parts[1], as } : { page: 'room', gameId: parts[1] };
  }
  if (parts[0] === 'join' && parts[1]) return { page: 'home', code: normalizeCode(parts[1]) };
  const query = new URLSearchParams(search).get('code');
  return { page: 'home', code: query ? normalizeCode(query) : null };
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return route.code ? `#/join/${encodeURIComponent(route.code)}` : '#/';
    case 'room': {
      const room = `#/game/${encodeURIComponent(route.gameId)}`;
      return route.as === undefined ? room : `${room}/${route.as === 'host' ? 'desk' : 'seat'}`;
    }
    case 'sheet':
      return `#/game/${encodeURIComponent(route.gameId)}/sheet`;
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
