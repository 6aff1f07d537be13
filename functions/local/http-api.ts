import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext } from './lambda-context.js';

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The local stand-in for a Lambda function URL: requests under `/api/` become the same HTTP API (v2)
 * event and are answered by the same handler as on AWS; everything else goes to `next` (the PWA). The body
 * is not read: the routes take none.
 */
export function httpApi(handler: HttpHandler, next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/api/')) {
      next(req, res);
      return;
    }
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers[name] = value;
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: '$default',
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      isBase64Encoded: false,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: `local-${now.getTime()}`,
        routeKey: '$default',
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
      },
    } satisfies APIGatewayProxyEventV2;
    handler(event, lambdaContext('game-log')).then(
      (result) => {
        res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
        res.end(method === 'HEAD' ? undefined : result.body);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`);
      },
    );
  };
}
