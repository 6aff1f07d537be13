import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../../functions/local/server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    store: 'memory',
    quiet: true,
    allowedOrigins: ['https://club.example'],
  });
});
afterAll(() => server?.close());

/** Opens a socket with the given Origin: the HTTP status of a refused upgrade, or 101 once open. */
function upgrade(origin: string | undefined, url = server.wsUrl): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin === undefined ? {} : { origin });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe('local stack: who may open a game socket', () => {
  it('given the page this server served, when it opens the socket, then the upgrade is accepted', async () => {
    expect(await upgrade(server.url)).toBe(101);
  });

  it('given a page of another site, when it opens the socket, then the upgrade is refused with 403', async () => {
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade(`http://127.0.0.1:${server.port + 1}`)).toBe(403);
    expect(await upgrade('null')).toBe(403);
    expect(server.app.deps.cache.size()).toBe(0);
  });

  it('given an origin in the allowed list, when its page opens the socket, then it is accepted', async () => {
    expect(await upgrade('https://club.example')).toBe(101);
    expect(await upgrade('http://club.example')).toBe(403);
  });

  it('given a client that is not a browser page (no Origin), when it opens the socket, then it is accepted', async () => {
    expect(await upgrade(undefined)).toBe(101);
  });
});

describe('local stack: security headers over HTTP', () => {
  it('given the PWA, an app route and /healthz, when fetched, then each carries the CSP, frame-ancestors, Referrer-Policy and nosniff', async () => {
    for (const path of ['/', '/game/ABCDE', '/healthz', '/missing.js']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('given a Host header with policy syntax in it, when fetched, then the policy does not take it in', async () => {
    const csp = await new Promise<string>((resolve, reject) => {
      request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/',
          headers: { host: "x; script-src 'unsafe-inline'" },
        },
        (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy']));
        },
      )
        .once('error', reject)
        .end();
    });
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});
