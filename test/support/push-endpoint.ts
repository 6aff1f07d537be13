import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushRoute } from '../../functions/adapters/push/web-push-sender.js';
import type { PushTarget } from '../../functions/ports/push.js';

/** One push as the browser would get it: decrypted, with the VAPID claims the push service checked. */
export interface ReceivedPush {
  subscriber: string;
  ttl: number;
  plaintext: string;
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request was signed with (base64url). */
  signer: string;
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * A push service and its browsers in one: each subscriber has its own P-256 key pair and auth secret, as a
 * browser's PushManager makes them; a push sent to a subscriber's endpoint is checked as a push service
 * checks it (the VAPID JWT signed ES256 by the key it names, for this origin, not expired) and decrypted as
 * the browser decrypts it (aes128gcm, RFC 8188 with the keys of RFC 8291). Anything else is answered 400 —
 * except a push to a subscription made under a server key, signed by another key: 403, as push services
 * answer it.
 */
export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  readonly refused: string[] = [];
  private readonly subscribers = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey?: string }
  >();
  private readonly goneSet = new Set<string>();
  private server: Server | null = null;
  private origin = '';
  private port = 0;

  /** `host`: the name subscriptions give it (a test that resolves that name itself); this machine's address else. */
  constructor(private readonly host = '127.0.0.1') {}

  /**
   * How a server under test reaches this service: subscriptions name it by https (the only scheme a push
   * endpoint may have), and its requests are carried to it over plain http on loopback; any other endpoint
   * is refused, as a private address is refused in production.
   */
  get route(): PushRoute {
    return {
      endpoints: async (url) => (url.startsWith(`${this.origin}/`) ? null : 'not this test push service'),
      post: (url, init) => fetch(url.replace(this.origin, `http://127.0.0.1:${this.port}`), init),
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
        if (this.goneSet.has(name)) return void res.writeHead(410).end();
        try {
          this.received.push(this.open(name, req.headers, Buffer.concat(chunks)));
          res.writeHead(201).end();
        } catch (error) {
          this.refused.push(`${name}: ${(error as Error).message}`);
          res.writeHead(error instanceof WrongSigner ? 403 : 400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.origin = `https://${this.host}:${this.port}`;
    return this;
  }

  /**
   * A new browser subscription, as the PWA sends it in its `push` frame; made under `serverKey` (the
   * `applicationServerKey`), only pushes signed by that key are taken.
   */
  subscribe(name: string, serverKey?: string): PushTarget {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscribers.set(name, { ecdh, auth, serverKey });
    return {
      endpoint: `${this.origin}/push/${encodeURIComponent(name)}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    };
  }

  /** From now on the push service answers 410 Gone for this subscriber (the user revoked it). */
  gone(name: string): void {
    this.goneSet.add(name);
  }

  pushesTo(name: string): ReceivedPush[] {
    return this.received.filter((p) => p.subscriber === name);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private open(name: string, headers: NodeJS.Dict<string | string[]>, body: Buffer): ReceivedPush {
    const subscriber = this.subscribers.get(name);
    if (!subscriber) throw new Error('no such subscription');
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const ttl = Number(headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
    const { claims, signer } = checkVapid(String(headers.authorization ?? ''), this.origin);
    if (subscriber.serverKey !== undefined && signer !== subscriber.serverKey)
      throw new WrongSigner(`signed by ${signer}, subscribed under ${subscriber.serverKey}`);
    return { subscriber: name, ttl, plaintext: decrypt(body, subscriber), claims, signer };
  }
}

/** The push names a key other than the one its subscription was made under. */
class WrongSigner extends Error {}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over the header and claims, by the key `k` names. */
function checkVapid(authorization: string, origin: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!m) throw new Error(`bad Authorization ${authorization}`);
  const [, jwt, signer] = m;
  const [header, payload, signature] = jwt.split('.');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(signer, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`audience ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('expiry outside 24 hours');
  return { claims, signer };
}

/** RFC 8291 / 8188: one record, its keys from the ECDH secret and the subscription's auth secret. */
function decrypt(body: Buffer, s: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = s.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), s.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(s.auth, secret, info, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}
