import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { tlsFromEnv } from '../../functions/local/tls-files.js';
import { LocalTable } from '../support/local-table.js';

/**
 * The LAN server with a certificate: a local CA made with openssl as docs/security.md tells, a server
 * certificate it signs for 127.0.0.1 and localhost, and the server started with both through the same
 * TLS_CERT and TLS_KEY `npm start` reads. A client that trusts that CA (as a phone does once it is
 * installed) gets the page over HTTPS and plays over WSS; one that does not is refused the handshake.
 */
let dir: string;
let server: RunningServer;
let ca: Buffer;

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sleeping-city-tls-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '30',
    '-subj',
    '/CN=Sleeping City test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  );
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  writeFileSync(
    join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    'server.ext',
    '-out',
    'server.crt',
  );
  ca = readFileSync(join(dir, 'ca.crt'));
  const webDir = join(dir, 'web');
  execFileSync('mkdir', ['-p', webDir]);
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Sleeping City</title>');
  const tls = tlsFromEnv({ TLS_CERT: join(dir, 'server.crt'), TLS_KEY: join(dir, 'server.key') });
  server = await startServer({ port: 0, store: 'memory', quiet: true, webDir, ...(tls ? { tls } : {}) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function fetchPage(path: string, trusted: Buffer | undefined) {
  return new Promise<{ status: number; body: string; protocol: string; headers: IncomingHttpHeaders }>(
    (resolve, reject) => {
      get(`${server.url}${path}`, trusted === undefined ? {} : { ca: trusted }, (res) => {
        const protocol = (res.socket as { getProtocol?: () => string | null }).getProtocol?.() ?? '';
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, protocol, headers: res.headers }));
      }).on('error', reject);
    },
  );
}

describe('local stack over TLS', () => {
  it('given a certificate and key, when started, then it names https and wss addresses', () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.wsUrl).toMatch(/^wss:\/\/127\.0\.0\.1:\d+\/ws$/);
  });

  it('given a client that trusts the local CA, when it asks for the page, then it is served over TLS with the security headers', async () => {
    const page = await fetchPage('/', ca);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Sleeping City</title>');
    expect(page.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(page.headers['content-security-policy']).toContain(`wss://127.0.0.1:${server.port}`);
    expect((await fetchPage('/healthz', ca)).status).toBe(200);
  });

  it('given a client that does not trust the CA, when it connects, then the handshake is refused', async () => {
    await expect(fetchPage('/', undefined)).rejects.toThrow(
      /self[- ]signed|unable to get local issuer|certificate/i,
    );
  });

  it('given seven players and a host on wss, when they play a game to its end, then it is played over TLS', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, undefined, { ca });
    try {
      await table.start();
      const end = await table.drive();
      expect(end.over).toBe(true);
      expect(end.receipt).not.toBeNull();
    } finally {
      await table.close();
    }
  });

  it('given a plain ws:// client, when it dials the TLS port, then no socket opens', async () => {
    const plain = new WebSocket(server.wsUrl.replace('wss://', 'ws://'));
    const failed = await new Promise<boolean>((resolve) => {
      plain.once('open', () => resolve(false));
      plain.once('error', () => resolve(true));
      plain.once('unexpected-response', () => resolve(true));
    });
    plain.terminate();
    expect(failed).toBe(true);
  });
});

describe('TLS_CERT and TLS_KEY', () => {
  it('given one without the other or a file that is not there, when read, then it says what is wrong', () => {
    expect(tlsFromEnv({})).toBeUndefined();
    expect(() => tlsFromEnv({ TLS_CERT: 'a.crt' })).toThrow('TLS_CERT and TLS_KEY go together');
    expect(() => tlsFromEnv({ TLS_CERT: '/nonexistent.crt', TLS_KEY: '/nonexistent.key' })).toThrow(
      'TLS_CERT=/nonexistent.crt: ENOENT',
    );
  });
});
