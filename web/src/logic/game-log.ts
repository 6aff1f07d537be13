/** Where the finished-game log is asked for, and what came back. */
export type LogAnswer = { ok: true; text: string } | { ok: false; code: string; message: string };

/**
 * The log's endpoint: `logUrl` from the deployment's config.json (a Lambda function URL on AWS), otherwise
 * the host that served the app (the local server's `/api/`).
 */
export function logBaseOf(config: unknown, location: { origin: string }): string {
  if (typeof config === 'object' && config !== null) {
    const url = (config as { logUrl?: unknown }).logUrl;
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return url.replace(/\/$/, '');
  }
  return location.origin;
}

/** GET the game's JSON Lines log with a seat's, the host's or a read-only link's token. */
export function fetchGameLog(base: string, gameId: string, token: string): Promise<LogAnswer> {
  return call(`${base}/api/games/${encodeURIComponent(gameId)}/log`, 'GET', token).then(async (r) =>
    r instanceof Response ? { ok: true, text: await r.text() } : r,
  );
}

/** The host's read-only link token for his game. */
export function fetchReadLink(
  base: string,
  gameId: string,
  token: string,
): Promise<{ ok: true; token: string } | Extract<LogAnswer, { ok: false }>> {
  return call(`${base}/api/games/${encodeURIComponent(gameId)}/read-link`, 'POST', token).then(async (r) =>
    r instanceof Response ? { ok: true, token: ((await r.json()) as { token: string }).token } : r,
  );
}

async function call(
  url: string,
  method: string,
  token: string,
): Promise<Response | Extract<LogAnswer, { ok: false }>> {
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
  } catch (error) {
    return { ok: false, code: 'network', message: String(error) };
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  return {
    ok: false,
    code: typeof body.code === 'string' ? body.code : 'internal',
    message: typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
  };
}
