import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * API Gateway's management API for WebSocket connections (`POST /@connections/{id}`), answering each
 * connection from a script of HTTP statuses (the last one repeats; 200 when none is given). Every post
 * is recorded, so a test sees how often the client tried.
 */
export class FakeConnectionsApi {
  readonly posts: { connectionId: string; status: number; body: string }[] = [];
  private readonly scripts = new Map<string, number[]>();
  private server: Server | null = null;
  endpoint = '';

  /** What the next posts to this connection get, in order. */
  answer(connectionId: string, ...statuses: number[]): void {
    this.scripts.set(connectionId, statuses);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const connectionId = decodeURIComponent((req.url ?? '').replace(/^.*\/@connections\//, ''));
        const script = this.scripts.get(connectionId) ?? [];
        const status = (script.length > 1 ? script.shift() : script[0]) ?? 200;
        this.posts.push({ connectionId, status, body: Buffer.concat(chunks).toString('utf8') });
        const errorType = { 403: 'ForbiddenException', 410: 'GoneException', 429: 'LimitExceededException' }[
          status
        ];
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(status >= 400 ? { 'x-amzn-errortype': errorType ?? 'InternalServerErrorException' } : {}),
        });
        res.end(status >= 400 ? JSON.stringify({ message: `status ${status}` }) : '');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  triesOf(connectionId: string): number {
    return this.posts.filter((p) => p.connectionId === connectionId).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}
