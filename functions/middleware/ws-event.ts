import type { ClientFrame } from '../../shared/index.js';
import type { Reply } from '../app/frames.js';

/** The part of API Gateway's WebSocket event the handlers read; the local gateway builds the same shape. */
export interface WsEvent {
  requestContext: {
    routeKey: string;
    connectionId: string;
    eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE';
    requestId?: string;
    /** Where the socket comes from, as API Gateway tells it. */
    identity?: { sourceIp: string };
  };
  /** The upgrade request's headers, on `$connect` only. */
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  /** Set by `jsonBody`. */
  json?: unknown;
  /** Set by `validateFrame`. */
  frame?: ClientFrame;
}

/** What the $default route's core returns and its middlewares pass along until `lambdaResponse`. */
export type RouteResult = Reply | { statusCode: number };

/** The raw text of a message, whichever way API Gateway handed it over. */
export function rawBody(event: WsEvent): string {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}
