import { wsUrlOf } from './logic/ws-url.js';

let cached: Promise<string> | null = null;

/**
 * The WebSocket URL, read once from config.json next to the app (a deployment writes its API Gateway URL
 * there; the local server leaves it `{}`). Offline, the service worker answers with the cached copy.
 */
export function socketUrl(): Promise<string> {
  cached ??= fetch(new URL('config.json', document.baseURI), { cache: 'no-cache' })
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}))
    .then((config: unknown) => wsUrlOf(config, location));
  return cached;
}
