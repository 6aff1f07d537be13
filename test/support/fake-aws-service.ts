import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Answers with a status and a JSON body (none when `payload` is null), naming the error type in a header. */
export type Reply = (status: number, payload: object | null, errorType?: string) => void;

/**
 * What every fake AWS service is: an HTTP server on a free loopback port that reads each request whole and
 * hands it to the service's own rules (`handle`, all a fake writes), and `failNext`, which makes the next
 * call fail with a given error type before those rules are asked. The real SDK clients are pointed at
 * `endpoint`; `await new FakeX().start()` gives the running fake.
 */
export abstract class FakeAwsService {
  endpoint = '';
  private server: Server | null = null;
  private failure: { type: string; status: number } | null = null;

  /** `contentType`: what the service's protocol answers in (awsJson1_0, REST JSON). */
  constructor(private readonly contentType: string) {}

  /** The service's own rules for one request. */
  protected abstract handle(request: FakeRequest, reply: Reply): void;

  failNext(type: string, status = 400): void {
    this.failure = { type, status };
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const reply: Reply = (status, payload, errorType) => {
          res.writeHead(status, {
            'content-type': this.contentType,
            ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
          });
          res.end(payload === null ? '' : JSON.stringify(payload));
        };
        if (this.failure) {
          const { type, status } = this.failure;
          this.failure = null;
          return reply(status, { __type: type, message: `${type} (fake)` }, type);
        }
        const body = Buffer.concat(chunks).toString('utf8');
        this.handle({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }, reply);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server === null) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
