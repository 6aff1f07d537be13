import middy from '@middy/core';
import type { App } from '../../app/app.js';
import { DEFAULT_LIMITS, type Limits } from '../../app/limits.js';
import type { Log } from '../../app/log.js';
import { RateLimiter } from '../../app/rate-limiter.js';
import { jsonBody } from '../../middleware/json-body.js';
import { lambdaResponse } from '../../middleware/lambda-response.js';
import { logCommand } from '../../middleware/log-command.js';
import { actionRate, frameRate } from '../../middleware/rate-limit.js';
import { rawBodyLimit } from '../../middleware/raw-body-limit.js';
import { replyFrames } from '../../middleware/reply-frames.js';
import { validateFrame } from '../../middleware/validate-frame.js';
import type { RouteResult, WsEvent } from '../../middleware/ws-event.js';
import type { FanOut } from '../../ports/fan-out.js';

/**
 * `$default`: every client message. The middlewares hold back a connection that sends too much, turn raw
 * text into a checked frame (or an `error` frame), the application service answers it, and the answer is
 * posted back to the sender. On AWS each function instance counts on its own; locally there is one count.
 */
export function defaultHandler(
  app: App,
  fanOut: FanOut,
  log: Log,
  limits: Limits = DEFAULT_LIMITS,
  limiter: RateLimiter = new RateLimiter(),
) {
  return middy<WsEvent, RouteResult>(async (event: WsEvent) => {
    if (event.frame === undefined) throw new Error('no frame: validateFrame did not run');
    const { connectionId, identity } = event.requestContext;
    return app.handleFrame(connectionId, event.frame, identity?.sourceIp);
  })
    .use(lambdaResponse())
    .use(logCommand(log, undefined, limits.refusalLog))
    .use(replyFrames(fanOut, log, app.deps.meter))
    .use(frameRate(limiter, limits))
    .use(rawBodyLimit())
    .use(jsonBody())
    .use(validateFrame())
    .use(actionRate(limiter, limits));
}
