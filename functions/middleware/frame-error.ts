import type { ErrorCode } from '../../shared/index.js';

/** A frame the server cannot take: answered with an `error` frame, and the connection stays open. */
export class FrameError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FrameError';
  }
}
