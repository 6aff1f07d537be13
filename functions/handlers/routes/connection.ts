import middy from '@middy/core';
import type { App } from '../../app/app.js';
import type { Log } from '../../app/log.js';
import type { WsEvent } from '../../middleware/ws-event.js';

type Status = { statusCode: number };

/**
 * `$connect`: the socket is anonymous until `create`, `join` or `resume` binds it; nothing is stored and
 * nothing may be posted to it yet (API Gateway forbids posting inside $connect).
 */
export function connectHandler(log: Log) {
  return middy<WsEvent, Status>(async (event: WsEvent) => {
    log({ action: 'connect', connection: event.requestContext.connectionId, outcome: 'open' });
    return { statusCode: 200 };
  });
}

/** `$disconnect`: forget the connection's binding. */
export function disconnectHandler(app: Pick<App, 'disconnect'>, log: Log) {
  return middy<WsEvent, Status>(async (event: WsEvent) => {
    await app.disconnect(event.requestContext.connectionId);
    log({ action: 'disconnect', connection: event.requestContext.connectionId, outcome: 'closed' });
    return { statusCode: 200 };
  });
}
