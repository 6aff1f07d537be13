import type { MiddlewareObj } from '@middy/core';
import * as v from 'valibot';
import { CLIENT_ACTIONS, type ClientAction, clientFrameSchema } from '../../shared/index.js';
import { FrameError } from './frame-error.js';
import type { WsEvent } from './ws-event.js';

/** Checks the parsed frame against the protocol: a known `action`, and that action's fields. */
export function validateFrame(): MiddlewareObj<WsEvent> {
  return {
    before: (request) => {
      const json = request.event.json as { action?: unknown };
      if (!CLIENT_ACTIONS.includes(json.action as ClientAction)) {
        throw new FrameError('unknown_action', `unknown action ${JSON.stringify(json.action ?? null)}`);
      }
      const result = v.safeParse(clientFrameSchema, json);
      if (!result.success) {
        const issue = result.issues[0];
        const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
        throw new FrameError('bad_frame', path ? `${path}: ${issue.message}` : issue.message);
      }
      request.event.frame = result.output;
    },
  };
}
