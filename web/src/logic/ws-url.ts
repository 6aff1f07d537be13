/**
 * The WebSocket endpoint: `wsUrl` from the deployment's config.json (API Gateway lives on another host),
 * otherwise `/ws` on the host that served the app (the local server).
 */
export function wsUrlOf(config: unknown, location: { protocol: string; host: string }): string {
  if (typeof config === 'object' && config !== null) {
    const url = (config as { wsUrl?: unknown }).wsUrl;
    if (typeof url === 'string' && /^wss?:\/\//.test(url)) return url;
  }
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}
