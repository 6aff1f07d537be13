import type { MiddlewareObj } from '@middy/core';
import { MAX_FRAME_BYTES } from '../../shared/index.js';
import type { Limits } from '../app/limits.js';
import type { RateLimiter } from '../app/rate-limiter.js';
import { FrameError } from './frame-error.js';
import { rawBody, type WsEvent } from './ws-event.js';

/**
 * The command id of a refused command frame, so that its sender's wait for that command ends: read only from
 * a frame within the size limit, and only a top-level string id; anything else has none.
 */
function commandIdOf(event: WsEvent): string | undefined {
  const body = rawBody(event);
  if (Buffer.byteLength(body) > MAX_FRAME_BYTES) return undefined;
  try {
    const frame = JSON.parse(body) as { action?: unknown; commandId?: unknown } | null;
    const id = frame?.action === 'command' ? frame.commandId : undefined;
    return typeof id === 'string' && id.length >= 1 && id.length <= 100 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Every frame of a connection, before any work is spent on it (a refused command still says which it was). */
export function frameRate(limiter: RateLimiter, limits: Limits): MiddlewareObj<WsEvent> {
  return {
    before: (request) => {
      if (!limiter.take(request.event.requestContext.connectionId, 'frames', limits.frames))
        throw new FrameError('rate_limited', 'too many frames: slow down', commandIdOf(request.event));
    },
  };
}

/**
 * Per kind of frame, once it is known: commands and chat per connection (a refused command is `rejected`
 * with its command id, so the sender's wait ends), rooms made, joined or watched per connection and per
 * address (trying codes to watch costs what trying them to join does; making a tournament or opening its
 * table makes rooms too), and the rest (resume, sync, ping, thread, push, a tournament's reading and
 * swaps) per connection.
 */
const JOINS: ReadonlySet<string> = new Set([
  'create',
  'join',
  'watch',
  'rematch',
  'tournamentCreate',
  'tournamentTable',
]);
const REQUESTS: ReadonlySet<string> = new Set([
  'resume',
  'sync',
  'ping',
  'thread',
  'pushKey',
  'push',
  'tournamentRead',
  'tournamentSwap',
]);

export function actionRate(limiter: RateLimiter, limits: Limits): MiddlewareObj<WsEvent> {
  return {
    before: (request) => {
      const { frame, requestContext } = request.event;
      const connection = requestContext.connectionId;
      if (frame?.action === 'command') {
        const chat = (frame.command as { type?: unknown } | null)?.type === 'say';
        const ok = chat
          ? limiter.take(connection, 'chat', limits.chat)
          : limiter.take(connection, 'commands', limits.commands);
        if (!ok)
          throw new FrameError(
            'rate_limited',
            `too many ${chat ? 'messages' : 'commands'}: slow down`,
            frame.commandId,
          );
      }
      if (JOINS.has(frame?.action ?? '')) {
        const address = requestContext.identity?.sourceIp;
        const ok =
          limiter.take(connection, 'joins', limits.joins) &&
          (limits.joinsPerAddress === null ||
            address === undefined ||
            limiter.take(`address ${address}`, 'joins', limits.joinsPerAddress));
        if (!ok) throw new FrameError('rate_limited', 'too many rooms asked for: wait a little');
      }
      // A thread page reads the game's whole log; a push subscription writes: requests, as a sync.
      if (frame !== undefined && REQUESTS.has(frame.action)) {
        if (!limiter.take(connection, 'requests', limits.requests))
          throw new FrameError('rate_limited', 'too many requests: slow down');
      }
    },
  };
}
