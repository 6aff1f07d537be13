import middy from '@middy/core';
import type { App } from '../../app/app.js';
import type { Log } from '../../app/log.js';
import { jsonBody } from '../../middleware/json-body.js';
import { lambdaResponse } from '../../middleware/lambda-response.js';
import { logCommand } from '../../middleware/log-command.js';
import { rawBodyLimit } from '../../middleware/raw-body-limit.js';
import { replyFrames } from '../../middleware/reply-frames.js';
import { validateFrame } from '../../middleware/validate-frame.js';
import type { RouteResult, WsEvent } from '../../middleware/ws-event.js';
import type { FanOut } from '../../ports/fan-out.js';

/**
 * `$default`: every client message. The middlewares turn raw text into a checked frame (or an `error`
 * frame), the application service answers it, and the answer is posted back to the sender.
 */
export function defaultHandler(app: App, fanOut: FanOut, log: Log) {
  return middy<WsEvent, RouteResult>(async (event: WsEvent) => {
    if (event.frame === undefined) throw new Error('no frame: validateFrame did not run');
    return app.handleFrame(event.requestContext.connectionId, event.frame);
  })
    .use(lambdaResponse())
    .use(logCommand(log))
    .use(replyFrames(fanOut, log, app.deps.meter))
    .use(rawBodyLimit())
    .use(jsonBody())
    .use(validateFrame());
}
