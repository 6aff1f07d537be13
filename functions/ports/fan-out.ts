import type { ServerFrame } from '../../shared/index.js';

/** 'gone' when the connection no longer exists (API Gateway's 410): the caller forgets it. */
export type PostResult = 'sent' | 'gone';

/** Sends frames to live connections. */
export interface FanOut {
  post(connectionId: string, frame: ServerFrame): Promise<PostResult>;
}
