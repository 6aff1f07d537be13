import type { MiddlewareObj } from '@middy/core';
import { FrameError } from './frame-error.js';
import { rawBody, type WsEvent } from './ws-event.js';

/** Parses the message as a JSON object; anything else is answered with an `error` frame. */
export function jsonBody(): MiddlewareObj<WsEvent> {
  return {
    before: (request) => {
      let json: unknown;
      try {
        json = JSON.parse(rawBody(request.event));
      } catch {
        throw new FrameError('bad_json', 'the frame is not JSON');
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        throw new FrameError('bad_frame', 'a frame is a JSON object with an "action"');
      }
      request.event.json = json;
    },
  };
}
