import middy from '@middy/core';
import type { App } from '../../app/app.js';
import { type Log, logId } from '../../app/log.js';
import type { WsEvent } from '../../middleware/ws-event.js';

/** `$disconnect`: forget the connection's binding (and tell the table when a spectator left). */
export function disconnectHandler(app: Pick<App, 'disconnect'>, log: Log) {
  return middy<WsEvent, { statusCode: number }>(async (event: WsEvent) => {
    await app.disconnect(event.requestContext.connectionId);
    log({ action: 'disconnect', connection: logId(event.requestContext.connectionId), outcome: 'closed' });
    return { statusCode: 200 };
  });
}
