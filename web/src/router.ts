import { normalizeCode } from './logic/join-code.js';
import type { SessionKind } from './logic/sessions.js';

/**
 * Where the app is: the hash keeps every screen addressable without a server route for each. A room may
 * name the role the phone enters it as (`/desk` the host's, `/seat` his own seat, for a host who plays;
 * `/watch` a spectator's).
 */
export type Route =
  | { page: 'home'; code: string | null }
  | { page: 'room'; gameId: string; as?: SessionKind }
  | { page: 'sheet'; gameId: string }
  | TournamentRoute
  | ReplayRoute;

/**
 * A tournament's page (`id` null: the form that makes one). A judges' link carries the judges' key (`key`),
 * in the fragment, so it never reaches a server's logs.
 */
export interface TournamentRoute {
  page: 'tournament';
  id: string | null;
  key: string | null;
  /** One player's page of the tournament. */
  player?: string;
}

/**
 * A finished game's replay (`gameId` null: a log file opened from the device). A dispute link names the
 * moment (`at`, a version), the point of view (`as`: a seat, host, public, analyst) and, when the host gave
 * one, the read-only link's token (`key`).
 */
export interface ReplayRoute {
  page: 'replay';
  gameId: string | null;
  at: number | null;
  as: string | null;
  key: string | null;
}

const ROLE_PARTS: Record<string, SessionKind> = { desk: 'host', seat: 'seat', watch: 'spectator' };
const PART_OF: Record<SessionKind, string> = { host: 'desk', seat: 'seat', spectator: 'watch' };

/** Reads a route from `location.hash` and `location.search` (`?code=` from printed or shared links). */
export function parseRoute(hash: string, search: string): Route {
  const [path, hashQuery = ''] = hash.split('?', 2);
  const parts = path
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p.length > 0)
    .map((p) => safeDecode(p));
  if (parts[0] === 'game' && parts[1]) {
    if (parts[2] === 'sheet') return { page: 'sheet', gameId: parts[1] };
    const as = parts[2] === undefined ? undefined : ROLE_PARTS[parts[2]];
    return as ? { page: 'room', gameId: parts[1], as } : { page: 'room', gameId: parts[1] };
  }
  if (parts[0] === 'tournament') {
    const route: TournamentRoute = {
      page: 'tournament',
      id: parts[1] ?? null,
      key: new URLSearchParams(hashQuery).get('key'),
    };
    return parts[1] && parts[2] === 'player' && parts[3] ? { ...route, player: parts[3] } : route;
  }
  if (parts[0] === 'replay') return replayRoute(parts[1] ?? null, new URLSearchParams(hashQuery));
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
      return route.as === undefined ? room : `${room}/${PART_OF[route.as]}`;
    }
    case 'sheet':
      return `#/game/${encodeURIComponent(route.gameId)}/sheet`;
    case 'tournament': {
      const player = route.id !== null && route.player ? `/player/${encodeURIComponent(route.player)}` : '';
      const page = `#/tournament${route.id === null ? '' : `/${encodeURIComponent(route.id)}`}${player}`;
      return route.key === null ? page : `${page}?key=${encodeURIComponent(route.key)}`;
    }
    case 'replay': {
      const query = new URLSearchParams();
      if (route.at !== null) query.set('at', String(route.at));
      if (route.as !== null) query.set('as', route.as);
      if (route.key !== null) query.set('key', route.key);
      const q = query.toString();
      return `#/replay${route.gameId === null ? '' : `/${encodeURIComponent(route.gameId)}`}${q ? `?${q}` : ''}`;
    }
  }
}

function replayRoute(gameId: string | null, query: URLSearchParams): ReplayRoute {
  const at = Number(query.get('at'));
  return {
    page: 'replay',
    gameId,
    at: Number.isSafeInteger(at) && at >= 1 ? at : null,
    as: query.get('as'),
    key: query.get('key'),
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
