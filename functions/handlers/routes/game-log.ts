import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { toJsonLines } from '../../../shared/audit/log-lines.js';
import type { Log } from '../../app/log.js';
import { finishedLog, type LogAccessPorts, type LogRefusal, readLinkToken } from '../../app/log-access.js';

type Result = APIGatewayProxyStructuredResultV2;

/** `/api/games/{gameId}/log` (GET) and `/api/games/{gameId}/read-link` (POST). */
const ROUTE = /^\/api\/games\/([A-Za-z0-9_-]{1,64})\/(log|read-link)$/;
/** The deployment's public log key (GET), for anyone: what `mafia audit --key` and the PWA check seals with. */
export const LOG_KEY_PATH = '/api/log-key';

/**
 * The finished-game log over HTTP (a WebSocket message on API Gateway is at most 128 KB; a log is more):
 * a Lambda function URL on AWS, a route of the local server. The caller shows his token as a bearer token
 * (a seat's, the host's, or a read-only link's), never in the URL, so it is in no access log. The log
 * sent closes with its seal; the key that checks it is public.
 */
export function gameLogHandler(ports: LogAccessPorts, log: Log) {
  return middy<APIGatewayProxyEventV2, Result>(async (event: APIGatewayProxyEventV2) => {
    const method = event.requestContext.http.method;
    if (event.rawPath === LOG_KEY_PATH) {
      if (method !== 'GET') return { ...problem(405, 'bad_method', 'use GET'), headers: allow('GET') };
      return json(200, await ports.signer.publishedKey());
    }
    const route = ROUTE.exec(event.rawPath);
    if (route === null) return problem(404, 'not_found', 'no such route');
    const [, gameId, what] = route;
    const wanted = what === 'log' ? 'GET' : 'POST';
    if (method !== wanted) return { ...problem(405, 'bad_method', `use ${wanted}`), headers: allow(wanted) };
    const token = bearer(event.headers);
    if (token === null) return problem(401, 'bad_token', 'send the token as "Authorization: Bearer TOKEN"');
    if (what === 'read-link') {
      const link = await readLinkToken(ports, gameId, token);
      log({ action: 'readLink', game: gameId, outcome: link.ok ? 'given' : link.code });
      return link.ok
        ? json(200, { gameId, token: link.token, expiresAt: new Date(link.expiresAt).toISOString() })
        : refusal(link);
    }
    const answer = await finishedLog(ports, gameId, token);
    log({ action: 'gameLog', game: gameId, outcome: answer.ok ? 'sent' : answer.code });
    if (!answer.ok) return refusal(answer);
    return {
      statusCode: 200,
      headers: {
        ...NO_STORE,
        'content-type': 'application/x-ndjson; charset=utf-8',
        'content-disposition': `attachment; filename="${gameId}.jsonl"`,
      },
      body: toJsonLines(answer.commits, answer.seal),
    };
  }).use(internalError(log));
}

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

const allow = (method: string) => ({ ...NO_STORE, 'content-type': 'application/json', allow: method });

function json(statusCode: number, body: unknown): Result {
  return {
    statusCode,
    headers: { ...NO_STORE, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

const problem = (status: number, code: string, message: string) => json(status, { code, message });

const refusal = (r: LogRefusal) => problem(r.status, r.code, r.message);

function bearer(headers: APIGatewayProxyEventV2['headers']): string | null {
  const value = headers.authorization ?? headers.Authorization;
  const match = value === undefined ? null : /^Bearer ([!-~]{1,512})$/.exec(value);
  return match === null ? null : match[1];
}

/** A store that fails is a 500 with a line in the log, not an unhandled rejection. */
function internalError(log: Log): MiddlewareObj<APIGatewayProxyEventV2, Result> {
  return {
    onError: (request) => {
      log({ level: 'error', action: 'gameLog', message: String(request.error) });
      request.response = problem(500, 'internal', 'the log could not be read; try again');
    },
  };
}
