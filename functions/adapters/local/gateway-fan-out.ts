import type { ServerFrame } from '../../../shared/index.js';
import type { LocalGateway } from '../../local/gateway.js';
import type { FanOut, PostResult } from '../../ports/fan-out.js';

/**
 * In-process fan-out to the local gateway's sockets. Views reach a socket by two paths (a reply, and the
 * projector) that can cross; here, where both run in one process, a socket is never sent a view older than
 * the one it has (nor the same one twice). On AWS the client's rule — keep the highest version — does this.
 */
export class GatewayFanOut implements FanOut {
  private readonly shown = new Map<string, { version: number; seat: number | null }>();

  constructor(private readonly gateway: () => LocalGateway | undefined) {}

  async post(connectionId: string, frame: ServerFrame): Promise<PostResult> {
    if (frame.type === 'view') {
      const last = this.shown.get(connectionId);
      const older =
        last &&
        (frame.version < last.version || (frame.version === last.version && frame.view.seat === last.seat));
      if (older) return 'sent';
    }
    const result = this.gateway()?.post(connectionId, JSON.stringify(frame), frame.type === 'view') ?? 'gone';
    if (result === 'gone') this.shown.delete(connectionId);
    else if (frame.type === 'view')
      this.shown.set(connectionId, { version: frame.version, seat: frame.view.seat });
    return result;
  }

  /** The socket closed: nothing more to remember about it. */
  forget(connectionId: string): void {
    this.shown.delete(connectionId);
  }
}
