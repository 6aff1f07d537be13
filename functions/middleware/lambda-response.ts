import type { MiddlewareObj } from '@middy/core';
import type { RouteResult, WsEvent } from './ws-event.js';

/** API Gateway only needs a status: the frames have already been posted to the connection. */
export function lambdaResponse(): MiddlewareObj<WsEvent, RouteResult> {
  const ok = (request: { response?: RouteResult | null }) => {
    request.response = { statusCode: 200 };
  };
  return { after: ok, onError: ok };
}
