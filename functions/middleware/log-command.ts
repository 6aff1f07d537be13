import type { MiddlewareObj } from '@middy/core';
import type { Reply } from '../app/frames.js';
import { type Log, logId } from '../app/log.js';
import type { RouteResult, WsEvent } from './ws-event.js';

const started = new WeakMap<object, number>();

/**
 * One JSON line per frame handled: action, game, command id and type, outcome and latency (ms, from the
 * frame's arrival until its reply was sent).
 */
export function logCommand(
  log: Log,
  now: () => number = () => performance.now(),
): MiddlewareObj<WsEvent, RouteResult> {
  const write = (request: { event: WsEvent; response?: RouteResult | null }) => {
    const reply = request.response as Reply | undefined;
    const start = started.get(request.event) ?? now();
    log({
      ...(reply?.log ?? { action: request.event.frame?.action ?? 'frame', outcome: 'unknown' }),
      connection: logId(request.event.requestContext.connectionId),
      ms: Math.round((now() - start) * 100) / 100,
    });
  };
  return {
    before: (request) => {
      started.set(request.event, now());
    },
    after: write,
    onError: write,
  };
}
