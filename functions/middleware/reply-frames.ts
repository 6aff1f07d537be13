import type { MiddlewareObj } from '@middy/core';
import type { ServerFrame } from '../../shared/index.js';
import type { Reply } from '../app/frames.js';
import type { Log } from '../app/log.js';
import { Metric } from '../observability/metric-names.js';
import type { FanOut } from '../ports/fan-out.js';
import type { Meter } from '../ports/meter.js';
import { FrameError } from './frame-error.js';
import type { RouteResult, WsEvent } from './ws-event.js';

/**
 * Sends the route's reply frames to the connection that asked (API Gateway has no return path for a
 * WebSocket message without a route response). A failure becomes an `error` frame: the frame's own fault
 * with its code, anything else as `internal`, logged with its stack and counted (`CommandFailed`: API
 * Gateway sees a 200, so only this count can alarm on it), never shown to the client.
 */
export function replyFrames(fanOut: FanOut, log: Log, meter: Meter): MiddlewareObj<WsEvent, RouteResult> {
  const send = async (connectionId: string, reply: Reply) => {
    for (const frame of reply.frames) {
      if ((await fanOut.post(connectionId, frame)) === 'gone') return;
    }
  };
  return {
    after: async (request) => {
      const reply = request.response as Reply;
      await send(request.event.requestContext.connectionId, reply);
    },
    onError: async (request) => {
      const error = request.error;
      let reply: Reply;
      if (error instanceof FrameError) {
        const frame: ServerFrame =
          error.commandId === undefined
            ? { type: 'error', code: error.code, message: error.message }
            : { type: 'rejected', commandId: error.commandId, code: error.code, message: error.message };
        reply = {
          frames: [frame],
          log: { action: request.event.frame?.action ?? 'frame', outcome: error.code },
        };
      } else {
        meter.count(Metric.commandFailed);
        log({
          level: 'error',
          message: String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        reply = {
          frames: [{ type: 'error', code: 'internal', message: 'the server could not handle that frame' }],
          log: { action: request.event.frame?.action ?? 'frame', outcome: 'internal' },
        };
      }
      request.response = reply;
      await send(request.event.requestContext.connectionId, reply);
    },
  };
}
