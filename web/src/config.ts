import { logBaseOf } from './logic/game-log.js';
import { type IceServer, iceServersOf } from './logic/ice-servers.js';
import { wsUrlOf } from './logic/ws-url.js';

/** A JSON file next to the app, read once; missing or unreadable is `{}`. Offline, the service worker's copy. */
function deploymentFile(name: string): Promise<unknown> {
  return fetch(new URL(name, document.baseURI), { cache: 'no-cache' })
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}));
}

let socket: Promise<string> | null = null;
let logs: Promise<string> | null = null;
let ice: Promise<IceServer[]> | null = null;

/**
 * The WebSocket URL, from config.json (a deployment writes its API Gateway URL there; the local server
 * leaves it `{}`).
 */
export function socketUrl(): Promise<string> {
  socket ??= deploymentFile('config.json').then((config) => wsUrlOf(config, location));
  return socket;
}

/** The STUN/TURN servers of the video table, from ice.json (see docs/deploy.md). */
export function iceServers(): Promise<IceServer[]> {
  ice ??= deploymentFile('ice.json').then(iceServersOf);
  return ice;
}

/** Where finished games' logs are downloaded from (config.json's `logUrl`, else this host). */
export function logBase(): Promise<string> {
  logs ??= deploymentFile('config.json').then((config) => logBaseOf(config, location));
  return logs;
}
