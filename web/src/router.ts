import { normalizeCode } from './logic/join-code.js';

/** Where the app is: the hash keeps every screen addressable without a server route for each. */
export type Route =
  | { page: 'home'; code: string | null }
  | { page: 'room'; gameId: string }
  | { page: 'sheet'; gameId: string };

/** Reads a route from `location.hash` and `location.search` (`?code=` from printed or shared links). */
export function parseRoute(hash: string, search: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p.length > 0)
    .map((p) => safeDecode(p));
  if (parts[0] === 'game' && parts[1]) {
    return parts[2] === 'sheet' ? { page: 'sheet', gameId: parts[1] } : { page: 'room', gameId: parts[1] };
  }
  if (parts[0] === 'join' && parts[1]) return { page: 'home', code: normalizeCode(parts[1]) };
  const query = new URLSearchParams(search).get('code');
  return { page: 'home', code: query ? normalizeCode(query) : null };
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return route.code ? `#/join/${encodeURIComponent(route.code)}` : '#/';
    case 'room':
      return `#/game/${encodeURIComponent(route.gameId)}`;
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
