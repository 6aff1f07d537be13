/** An ICE server as `RTCPeerConnection` takes it; only STUN and TURN addresses are kept. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

const ICE_URL = /^(stun|turn|turns):[^\s]+$/;

/**
 * The ICE servers of a deployment's `ice.json` (`{"iceServers": [...]}`, written at build time from
 * ICE_SERVERS). Entries that are not STUN/TURN addresses are dropped; none at all is a LAN table, where
 * the browsers' host candidates are enough.
 */
export function iceServersOf(config: unknown): IceServer[] {
  const list = (config as { iceServers?: unknown } | null)?.iceServers;
  if (!Array.isArray(list)) return [];
  const servers: IceServer[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { urls, username, credential } = entry as Record<string, unknown>;
    const all = (Array.isArray(urls) ? urls : [urls]).filter(
      (u): u is string => typeof u === 'string' && ICE_URL.test(u),
    );
    if (all.length === 0) continue;
    servers.push({
      urls: all,
      ...(typeof username === 'string' ? { username } : {}),
      ...(typeof credential === 'string' ? { credential } : {}),
    });
  }
  return servers;
}
