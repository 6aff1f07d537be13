import middy from '@middy/core';
import { type Log, logId } from '../../app/log.js';
import { originCheck } from '../../middleware/origin-check.js';
import type { WsEvent } from '../../middleware/ws-event.js';

export interface ConnectOptions {
  /**
   * Pages of these origins may open sockets (`originCheck`). Left out where the gateway in front already
   * checked: the local one refuses a foreign `Origin` before `$connect` runs, knowing the host it served.
   */
  allowedOrigins?: readonly string[];
}

/**
 * `$connect`: the socket is anonymous until `create`, `join` or `resume` binds it; nothing is stored and
 * nothing may be posted to it yet (API Gateway forbids posting inside $connect).
 */
export function connectHandler(log: Log, options: ConnectOptions = {}) {
  const handler = middy<WsEvent, { statusCode: number }>(async (event: WsEvent) => {
    log({ action: 'connect', connection: logId(event.requestContext.connectionId), outcome: 'open' });
    return { statusCode: 200 };
  });
  return options.allowedOrigins === undefined
    ? handler
    : handler.use(originCheck(options.allowedOrigins, log));
}
