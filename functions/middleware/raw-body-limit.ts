import type { MiddlewareObj } from '@middy/core';
import { MAX_FRAME_BYTES } from '../../shared/index.js';
import { FrameError } from './frame-error.js';
import { rawBody, type WsEvent } from './ws-event.js';

/** Refuses a frame larger than API Gateway would carry, before any parsing is spent on it. */
export function rawBodyLimit(maxBytes = MAX_FRAME_BYTES): MiddlewareObj<WsEvent> {
  return {
    before: (request) => {
      const bytes = Buffer.byteLength(rawBody(request.event), 'utf8');
      if (bytes > maxBytes) throw new FrameError('too_large', `frames are limited to ${maxBytes} bytes`);
    },
  };
}
