import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Files a browser must ask for again on every load, or an update of the app would never arrive. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sleeping City</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Sleeping City</h1>
<p>The server is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build:web</code> (or simply <code>npm start</code>, which builds it first) and reload this page.</p>
</body></html>
`;

/**
 * Serves the built PWA: the file asked for, or `index.html` for an app route (a path without an extension),
 * so that deep links such as /game/ABCDE work. `sw.js` is served like any script, without a
 * Service-Worker-Allowed header: its scope is the site root, where it lives.
 */
export function staticFiles(webDir: string) {
  const root = resolve(webDir);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (!existsSync(join(root, 'index.html'))) {
      send(res, req, 200, 'text/html; charset=utf-8', NOT_BUILT);
      return;
    }
    const path = decodePath(req.url ?? '/');
    const file = path === null ? null : fileFor(root, path);
    if (file === null) {
      send(res, req, 404, 'text/plain; charset=utf-8', 'not found\n');
      return;
    }
    const name = file.slice(root.length + 1);
    const size = statSync(file).size;
    res.writeHead(200, {
      'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': size,
      'cache-control': ALWAYS_REVALIDATE.has(name) ? 'no-cache' : 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}

function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null;
  }
}

/** The file under `root` for a URL path, never outside it; app routes fall back to index.html. */
function fileFor(root: string, path: string): string | null {
  const candidate = resolve(root, `.${normalize(`/${path}`)}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  const index = join(candidate, 'index.html');
  if (existsSync(index)) return index;
  return extname(path) === '' ? join(root, 'index.html') : null;
}

function send(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
