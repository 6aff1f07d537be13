import type { MiddlewareObj } from '@middy/core';
import * as v from 'valibot';
import type { DeadlineJob } from '../ports/scheduler.js';

const text = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
/** The state machine's input: `at` as the RFC 3339 timestamp its Wait read, or epoch milliseconds. */
const inputSchema = v.object({
  gameId: text,
  deadlineId: text,
  at: v.union([
    v.pipe(v.number(), v.integer(), v.minValue(0)),
    v.pipe(
      v.string(),
      v.isoTimestamp(),
      v.transform((iso) => Date.parse(iso)),
    ),
  ]),
});

export interface DeadlineEvent {
  gameId?: unknown;
  deadlineId?: unknown;
  at?: unknown;
  /** Set by `deadlineInput`. */
  job?: DeadlineJob;
}

/** Validates the Step Functions task input; a malformed one fails the task rather than firing anything. */
export function deadlineInput(): MiddlewareObj<DeadlineEvent> {
  return {
    before: (request) => {
      const result = v.safeParse(inputSchema, request.event);
      if (!result.success) throw new Error(`bad deadline input: ${result.issues[0].message}`);
      request.event.job = result.output;
    },
  };
}
