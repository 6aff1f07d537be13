import middy from '@middy/core';
import { type Log, logId } from '../../app/log.js';
import type { WsEvent } from '../../middleware/ws-event.js';

/**
 * `$connect`: the socket is anonymous until `create`, `join` or `resume` binds it; nothing is stored and
 * nothing may be posted to it yet (API Gateway forbids posting inside $connect).
 */
export function connectHandler(log: Log) {
  return middy<WsEvent, { statusCode: number }>(async (event: WsEvent) => {
    log({ action: 'connect', connection: logId(event.requestContext.connectionId), outcome: 'open' });
    return { statusCode: 200 };
  });
}
