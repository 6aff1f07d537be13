import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import type { APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { type Log, logId } from '../app/log.js';
import { originAllowed } from '../app/origin.js';
import type { WsEvent } from '../middleware/ws-event.js';
import type { PostResult } from '../ports/fan-out.js';
import { lambdaContext } from './lambda-context.js';
import { securityHeaders } from './security-headers.js';

/** The three WebSocket routes, as API Gateway would invoke them. */
export interface GatewayRoutes {
  connect(event: WsEvent, context: Context): Promise<unknown>;
  message(event: WsEvent, context: Context): Promise<unknown>;
  disconnect(event: WsEvent, context: Context): Promise<unknown>;
}

export interface GatewayOptions {
  routes: GatewayRoutes;
  newConnectionId: () => string;
  /** Everything that is not the socket, the health check or the management API (the PWA). */
  fallback: (req: IncomingMessage, res: ServerResponse) => void;
  log: Log;
  /** What /healthz reports beyond the connection count; `ok: false` makes it answer 503. */
  health?: () => Record<string, unknown>;
  /** A socket that sends nothing for this long is closed, as API Gateway does after 10 minutes. */
  idleTimeoutMs?: number;
  /**
   * Bytes written to a socket and not yet taken by its reader, beyond which its views are held back (only
   * the newest is kept, and written once the reader catches up). Default 1 MiB.
   */
  maxBufferedBytes?: number;
  /** A socket over that bound for this long, or four times over it, is closed. Default 10 s. */
  slowSocketMs?: number;
  /** The server's clock (ms), which says how long a socket has been behind; a test's `JumpingClock` moves it. */
  now?: () => number;
  /**
   * Origins (`https://host[:port]`) whose pages may open a game socket, beside the page the server itself
   * served (same origin, always allowed). See `originAllowed`.
   */
  allowedOrigins?: readonly string[];
  /**
   * A certificate and its key (PEM): the game port then serves HTTPS and WSS only, so phones on the
   * network get a secure context and nobody on it reads the frames. The management API stays on loopback.
   */
  tls?: TlsFiles;
}

export interface TlsFiles {
  cert: string | Buffer;
  key: string | Buffer;
}

interface Socket {
  ws: WebSocket;
  connectedAt: Date;
  lastActiveAt: Date;
  sourceIp: string;
  userAgent: string;
  /** The newest view not yet written because the socket is over its bound. */
  held?: string;
  /** Since when (ms) the socket has been over its bound. */
  overSince?: number;
}

/**
 * How long frames are taken from the inbox before the event loop gets a turn. A burst (every room's
 * commands on the same instant) arrives in one read of the sockets; taken whole, no command's sync could
 * start, and no ack or view leave, before the last command was decided. In slices, the first commands'
 * group commit is on disk and their views are out while later ones are still being decided.
 */
const SLICE_MS = 4;

/** Larger than a frame may be (32 KB), so an oversized frame gets its `error` reply instead of a closed socket. */
const MAX_PAYLOAD_BYTES = 256 * 1024;
/** `/{secret}/@connections/{id}`: the secret stands where API Gateway's stage name does. */
const MANAGEMENT_PATH = /^\/([^/]+)\/@connections\/([^/]+)$/;

/**
 * A local stand-in for API Gateway's WebSocket API: sockets at /ws become $connect / $default / $disconnect
 * invocations with the same event shape. The management API the real SDK client talks to
 * (`/@connections/{id}`) is served apart, on loopback only, under a random secret in place of the stage
 * name (`managementEndpoint`): whoever can reach the game cannot read, post to or close others' sockets.
 * Frames can also be posted in-process (`post`), which is how the local server fans out by default.
 */
export class LocalGateway {
  private readonly http: Server;
  private readonly management: Server;
  private readonly secret = randomBytes(24).toString('base64url');
  private managementPort = 0;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Map<string, Socket>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private requests = 0;
  /** Where the sockets are served, as `requestContext.domainName` names it. */
  private domainName = 'localhost';
  private accepting = true;
  private readonly idleSweep: NodeJS.Timeout;
  /** Sockets over their bound, looked at until they catch up or are closed. */
  private readonly slow = new Set<string>();
  private slowSweep: NodeJS.Timeout | undefined;
  private slowClosed = 0;
  private readonly maxBuffered: number;
  private readonly slowMs: number;
  /** Frames received and not yet handed to the route, in arrival order (so each socket's stay in order). */
  private readonly inbox: (() => void)[] = [];
  private inboxHead = 0;
  private inboxScheduled = false;
  /** Sockets whose writes wait for the end of this turn of the event loop (see `cork`). */
  private readonly corked = new Set<NetSocket>();

  constructor(private readonly options: GatewayOptions) {
    this.maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.slowMs = options.slowSocketMs ?? 10_000;
    const handler = (req: IncomingMessage, res: ServerResponse) => this.request(req, res);
    this.http = options.tls ? createHttpsServer({ ...options.tls }, handler) : createServer(handler);
    this.management = createServer((req, res) => this.managementRequest(req, res));
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
    this.http.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/ws') {
        socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
        return;
      }
      if (!originAllowed(req.headers.origin, this.options.allowedOrigins ?? [], req.headers.host)) {
        this.options.log({
          level: 'warn',
          action: 'upgrade',
          outcome: 'origin_refused',
          origin: req.headers.origin,
        });
        socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\norigin not allowed\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, req));
    });
    // Clients ping; one that stopped (a phone that lost its network) is let go, and resumes when it returns.
    const idleMs = options.idleTimeoutMs ?? 10 * 60_000;
    this.idleSweep = setInterval(
      () => {
        const limit = Date.now() - idleMs;
        for (const { ws, lastActiveAt } of this.sockets.values()) {
          if (lastActiveAt.getTime() < limit) ws.close(1001, 'idle');
        }
      },
      Math.min(idleMs, 60_000),
    );
    this.idleSweep.unref();
  }

  async listen(port: number, host: string): Promise<number> {
    const bound = await listenOn(this.http, port, host);
    this.domainName = `${host}:${bound}`;
    this.managementPort = await listenOn(this.management, 0, '127.0.0.1');
    return bound;
  }

  /** For `ApiGatewayManagementApiClient({ endpoint })`, from this machine only. */
  get managementEndpoint(): string {
    return `http://127.0.0.1:${this.managementPort}/${this.secret}`;
  }

  /**
   * Sends a frame to a socket; 'gone' when no such socket is open. A view (`latestOnly`) to a socket whose
   * reader has fallen behind is held instead, replacing any view held before: only the newest view matters.
   * Every other frame is written; a socket that stays behind, or falls far behind, is closed.
   */
  post(connectionId: string, data: string, latestOnly = false): PostResult {
    const socket = this.sockets.get(connectionId);
    if (socket === undefined || socket.ws.readyState !== socket.ws.OPEN) return 'gone';
    if (socket.ws.bufferedAmount > this.maxBuffered && latestOnly) {
      socket.held = data;
      this.watch(connectionId, socket);
      return 'sent';
    }
    // A view written now is newer than the one held.
    if (latestOnly) socket.held = undefined;
    this.cork(socket.ws);
    socket.ws.send(data);
    if (socket.ws.bufferedAmount > this.maxBuffered) this.watch(connectionId, socket);
    return 'sent';
  }

  /**
   * Holds a socket's writes until the event loop turns, so that what it is sent in one turn (an ack and its
   * view, the views of a round) leaves in one write instead of one per frame.
   */
  private cork(ws: WebSocket): void {
    const raw = (ws as unknown as { _socket?: NetSocket })._socket;
    if (raw === undefined || this.corked.has(raw)) return;
    raw.cork();
    this.corked.add(raw);
    if (this.corked.size === 1) setImmediate(() => this.uncorkAll());
  }

  private uncorkAll(): void {
    for (const raw of this.corked) raw.uncork();
    this.corked.clear();
  }

  /** Bytes waiting in sockets' buffers, and sockets behind or closed for being behind (for /healthz). */
  buffered(): { bytes: number; slow: number; closedSlow: number } {
    let bytes = 0;
    for (const { ws } of this.sockets.values()) bytes += ws.bufferedAmount;
    return { bytes, slow: this.slow.size, closedSlow: this.slowClosed };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private watch(connectionId: string, socket: Socket): void {
    socket.overSince ??= this.now();
    this.slow.add(connectionId);
    if (socket.ws.bufferedAmount > 4 * this.maxBuffered) this.closeSlow(connectionId, socket);
    this.slowSweep ??= setInterval(() => this.sweepSlow(), Math.min(100, this.slowMs));
    this.slowSweep.unref();
  }

  /** Writes the held view of each socket that caught up; closes those behind for too long. */
  private sweepSlow(): void {
    const now = this.now();
    for (const connectionId of this.slow) {
      const socket = this.sockets.get(connectionId);
      if (socket === undefined) {
        this.slow.delete(connectionId);
      } else if (socket.ws.bufferedAmount <= this.maxBuffered) {
        this.slow.delete(connectionId);
        socket.overSince = undefined;
        const held = socket.held;
        socket.held = undefined;
        if (held !== undefined) this.post(connectionId, held, true);
      } else if (now - (socket.overSince ?? now) > this.slowMs) {
        this.closeSlow(connectionId, socket);
      }
    }
    if (this.slow.size === 0) {
      clearInterval(this.slowSweep);
      this.slowSweep = undefined;
    }
  }

  /** A closing handshake would queue behind the backlog: the socket is cut, and its client resumes. */
  private closeSlow(connectionId: string, socket: Socket): void {
    this.slow.delete(connectionId);
    socket.held = undefined;
    this.slowClosed++;
    socket.ws.terminate();
  }

  connections(): number {
    return this.sockets.size;
  }

  /**
   * Stops taking sockets, requests and frames (a frame that arrives now is dropped unanswered, as by a
   * socket that broke: the client resends it after `resume`, and its command id keeps that harmless).
   * Invocations already running are awaited by `drain`.
   */
  stopAccepting(): void {
    this.accepting = false;
    clearInterval(this.idleSweep);
    clearInterval(this.slowSweep);
    this.http.close();
    this.management.close();
  }

  /** Waits until no frame waits in the inbox and no route invocation is running. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0 || this.inboxHead < this.inbox.length) {
      if (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      else await new Promise((r) => setImmediate(r));
    }
  }

  /** Queues a frame's invocation; the inbox is worked off in slices of SLICE_MS, a turn of the loop apart. */
  private receive(invoke: () => void): void {
    this.inbox.push(invoke);
    if (this.inboxScheduled) return;
    this.inboxScheduled = true;
    setImmediate(() => this.takeSlice());
  }

  private takeSlice(): void {
    const until = performance.now() + SLICE_MS;
    while (this.inboxHead < this.inbox.length) {
      const invoke = this.inbox[this.inboxHead];
      this.inbox[this.inboxHead++] = noop;
      invoke();
      if (performance.now() >= until) break;
    }
    if (this.inboxHead < this.inbox.length) {
      setImmediate(() => this.takeSlice());
      return;
    }
    this.inbox.length = 0;
    this.inboxHead = 0;
    this.inboxScheduled = false;
  }

  /** Closes every socket (each gets its $disconnect) and the server. */
  async close(): Promise<void> {
    this.stopAccepting();
    for (const { ws } of this.sockets.values()) ws.close(1001, 'server shutting down');
    const deadline = Date.now() + 2000;
    while (this.sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    for (const { ws } of this.sockets.values()) ws.terminate();
    await this.drain();
    this.http.closeAllConnections();
    this.management.closeAllConnections();
  }

  private open(ws: WebSocket, req: IncomingMessage): void {
    const connectionId = this.options.newConnectionId();
    const sourceIp = req.socket.remoteAddress ?? '';
    const now = new Date();
    this.sockets.set(connectionId, {
      ws,
      connectedAt: now,
      lastActiveAt: now,
      sourceIp,
      userAgent: req.headers['user-agent'] ?? '',
    });
    // API Gateway runs $connect before the socket is usable; here messages wait for it the same way.
    const connected = this.invoke('connect', this.event(connectionId, '$connect', 'CONNECT'));
    ws.on('message', (data: RawData) => {
      if (!this.accepting) return;
      const socket = this.sockets.get(connectionId);
      if (socket) socket.lastActiveAt = new Date();
      const body = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
      const event = this.event(connectionId, '$default', 'MESSAGE', body);
      void connected.then(() => this.receive(() => this.invoke('message', event)));
    });
    ws.on('close', () => {
      const disconnected = this.event(connectionId, '$disconnect', 'DISCONNECT');
      this.sockets.delete(connectionId);
      // Behind the socket's frames still in the inbox, as it was behind their invocations before.
      void connected.then(() => this.receive(() => this.invoke('disconnect', disconnected)));
    });
    ws.on('error', () => ws.terminate());
  }

  /** The event API Gateway sends a route's integration, as far as one machine can fill it in. */
  private event(
    connectionId: string,
    routeKey: string,
    eventType: WsEvent['requestContext']['eventType'],
    body?: string,
  ): WsEvent & APIGatewayProxyWebsocketEventV2 {
    const now = new Date();
    const requestId = `${connectionId}-${++this.requests}`;
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        requestId,
        extendedRequestId: requestId,
        messageId: requestId,
        messageDirection: 'IN',
        requestTime: requestTime(now),
        requestTimeEpoch: now.getTime(),
        connectedAt: this.sockets.get(connectionId)?.connectedAt.getTime() ?? now.getTime(),
        domainName: this.domainName,
        stage: 'local',
        apiId: 'local',
        // API Gateway names the caller's address on every route; the rate limits count by it.
        identity: { sourceIp: this.sockets.get(connectionId)?.sourceIp ?? '' },
      },
      isBase64Encoded: false,
      ...(body === undefined ? {} : { body }),
    };
  }

  private invoke(route: keyof GatewayRoutes, e: WsEvent): Promise<unknown> {
    // A route that threw before returning its promise must not stop the inbox the other frames wait in.
    const started = (() => {
      try {
        return this.options.routes[route](e, lambdaContext(route));
      } catch (error) {
        return Promise.reject(error);
      }
    })();
    const run = started.catch((error: unknown) => {
      this.options.log({
        level: 'error',
        route,
        connection: logId(e.requestContext.connectionId),
        message: String(error),
      });
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  private request(req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of Object.entries(securityHeaders(req.headers.host))) res.setHeader(name, value);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz') {
      const health = {
        ok: true,
        connections: this.sockets.size,
        buffered: this.buffered(),
        ...this.options.health?.(),
      };
      // A supervisor or load balancer reads the status, not the body.
      res
        .writeHead(health.ok === false ? 503 : 200, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
        })
        .end(JSON.stringify(health));
      return;
    }
    // The management API is not here (see managementEndpoint); nor is the app under that path.
    if (path.includes('/@connections/')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    this.options.fallback(req, res);
  }

  private managementRequest(req: IncomingMessage, res: ServerResponse): void {
    const management = MANAGEMENT_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (management === null || !sameSecret(management[1], this.secret)) {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"Forbidden"}');
      return;
    }
    this.manage(req, res, decodeURIComponent(management[2]));
  }

  /** The management API: POST sends the body as one frame, GET describes, DELETE disconnects. */
  private manage(req: IncomingMessage, res: ServerResponse, connectionId: string): void {
    const socket = this.sockets.get(connectionId);
    if (socket === undefined) {
      res
        .writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' })
        .end(JSON.stringify({ message: `connection ${connectionId} is gone` }));
      return;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        const result = this.post(connectionId, data, data.startsWith('{"type":"view"'));
        res.writeHead(result === 'sent' ? 200 : 410, { 'content-type': 'application/json' }).end('{}');
      });
      return;
    }
    if (req.method === 'GET') {
      // The wire names of API Gateway's GetConnection response (the SDK maps them to ConnectedAt etc.).
      const body = {
        connectedAt: socket.connectedAt.toISOString(),
        lastActiveAt: socket.lastActiveAt.toISOString(),
        identity: { sourceIp: socket.sourceIp, userAgent: socket.userAgent },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (req.method === 'DELETE') {
      socket.ws.close(1000, 'disconnected by the server');
      res.writeHead(204).end();
      return;
    }
    res.writeHead(405, { allow: 'GET, POST, DELETE' }).end();
  }
}

const noop = () => {};

function listenOn(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestTime`: `09/Apr/2015:12:34:56 +0000`. */
function requestTime(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}`;
  return `${date}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}
