import { FakeAwsService, type FakeRequest, type Reply } from './fake-aws-service.js';

/**
 * API Gateway's management API for WebSocket connections (`POST /@connections/{id}`), answering each
 * connection from a script of HTTP statuses (the last one repeats; 200 when none is given). Every post
 * is recorded, so a test sees how often the client tried.
 */
export class FakeConnectionsApi extends FakeAwsService {
  readonly posts: { connectionId: string; status: number; body: string }[] = [];
  private readonly scripts = new Map<string, number[]>();

  constructor() {
    super('application/json');
  }

  /** What the next posts to this connection get, in order. */
  answer(connectionId: string, ...statuses: number[]): void {
    this.scripts.set(connectionId, statuses);
  }

  protected handle(request: FakeRequest, reply: Reply): void {
    const connectionId = decodeURIComponent(request.url.replace(/^.*\/@connections\//, ''));
    const script = this.scripts.get(connectionId) ?? [];
    const status = (script.length > 1 ? script.shift() : script[0]) ?? 200;
    this.posts.push({ connectionId, status, body: request.body });
    if (status < 400) return reply(status, null);
    const errorType = { 403: 'ForbiddenException', 410: 'GoneException', 429: 'LimitExceededException' }[
      status
    ];
    reply(status, { message: `status ${status}` }, errorType ?? 'InternalServerErrorException');
  }

  triesOf(connectionId: string): number {
    return this.posts.filter((p) => p.connectionId === connectionId).length;
  }
}
