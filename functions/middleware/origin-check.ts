import type { MiddlewareObj } from '@middy/core';
import { type Log, logId } from '../app/log.js';
import { originAllowed } from '../app/origin.js';
import type { WsEvent } from './ws-event.js';

/**
 * `$connect` refuses a socket opened by a page of another site (see `originAllowed`): API Gateway answers the
 * upgrade with the 403 and the socket never opens. The socket's own host serves no pages, so only the
 * configured origins (the site's) are allowed; a client that sends no `Origin` is not a browser page and
 * is let in, as on the local server.
 */
export function originCheck(
  allowed: readonly string[],
  log: Log,
): MiddlewareObj<WsEvent, { statusCode: number }> {
  return {
    before: (request) => {
      const origin = headerOf(request.event, 'origin');
      if (originAllowed(origin, allowed)) return;
      log({
        level: 'warn',
        action: 'connect',
        connection: logId(request.event.requestContext.connectionId),
        outcome: 'origin_refused',
        origin,
      });
      return { statusCode: 403 };
    },
  };
}

/** API Gateway passes headers as the client spelled them (`Origin`, `origin`). */
function headerOf(event: WsEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}
