/**
 * A browser names the page that opens a socket in `Origin`. Without a check a page of any site could open
 * game sockets from its visitors' browsers, reaching a server on their network the site itself cannot reach
 * (and spending its rate limits in their name). Allowed: the configured origins, and `host` (the host the
 * request was sent to, which locally is the host that served the page) when given. A request without
 * `Origin` is not from a browser page (the CLI, tests, the load script): nothing a page could abuse, and any
 * such client could forge the header anyway.
 */
export function originAllowed(
  origin: string | undefined,
  allowed: readonly string[],
  host?: string,
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (web && host !== undefined && url.host === host) return true;
  return allowed.includes(url.origin);
}

/**
 * `https://a.example,https://b.example:8443` as origins (scheme, host and port, nothing else). An entry that
 * is not one is a configuration mistake, refused loudly rather than silently matching nothing.
 */
export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (url === undefined || url.origin === 'null' || url.origin !== entry.replace(/\/$/, '')) {
        throw new Error(`allowed origin ${JSON.stringify(entry)} is not an origin like https://play.example`);
      }
      return url.origin;
    });
}
