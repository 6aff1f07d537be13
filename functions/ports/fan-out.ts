import type { ServerFrame } from '../../shared/index.js';

/** 'gone' when the connection no longer exists (API Gateway's 410): the caller forgets it. */
export type PostResult = 'sent' | 'gone';

/** Sends frames to live connections. */
export interface FanOut {
  /**
   * `text` is the frame as JSON when the caller already has it (the fan-out serialises a seat's once),
   * maybe padded: a `pad` field the frame object does not hold.
   */
  post(connectionId: string, frame: ServerFrame, text?: string): Promise<PostResult>;
}
