import type { ErrorCode } from '../../shared/index.js';

/**
 * A frame the server cannot take: answered with an `error` frame (or, for a command whose id is known, a
 * `rejected` one), and the connection stays open.
 */
export class FrameError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly commandId?: string,
  ) {
    super(message);
    this.name = 'FrameError';
  }
}
