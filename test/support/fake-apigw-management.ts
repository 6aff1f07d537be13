import { FakeAwsService, type FakeRequest, type Reply } from './fake-aws-service.js';

export interface Post {
  connectionId: string;
  status: number;
  body: string;
}

/**
 * API Gateway's management API for WebSocket connections (`POST /@connections/{id}`), answering each
 * connection from a script of HTTP statuses (the last one repeats; 200 when none is given), or, for a
 * connection with no script, from `answerBy`. Every post is recorded, so a test sees how often the client
 * tried, and handed to `onPost` as it is answered.
 */
export class FakeConnectionsApi extends FakeAwsService {
  readonly posts: Post[] = [];
  /** The status for a post to a connection that has no script; 200 when it says nothing. */
  answerBy: (connectionId: string) => number | undefined = () => undefined;
  onPost: (post: Post) => void = () => {};
  /** False where a test follows the posts through `onPost` only: a long run need not hold every body. */
  keepPosts = true;
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
    const status = (script.length > 1 ? script.shift() : script[0]) ?? this.answerBy(connectionId) ?? 200;
    const post = { connectionId, status, body: request.body };
    if (this.keepPosts) this.posts.push(post);
    this.onPost(post);
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
