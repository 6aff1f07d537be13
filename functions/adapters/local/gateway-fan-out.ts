import type { ServerFrame } from '../../../shared/index.js';
import type { LocalGateway } from '../../local/gateway.js';
import type { FanOut, PostResult } from '../../ports/fan-out.js';

/**
 * In-process fan-out to the local gateway's sockets. Views reach a socket by two paths (a reply, and the
 * projector) that can cross; here, where both run in one process, a socket is never sent a view (or a
 * chat frame) older than the one it has. On AWS the client's rule — keep the highest version — does this. A view of the version it
 * has is sent again: it is what `sync` and `resume` answer, and the client takes it as the server's word.
 */
export class GatewayFanOut implements FanOut {
  private readonly shown = new Map<string, number>();

  constructor(private readonly gateway: () => LocalGateway | undefined) {}

  async post(connectionId: string, frame: ServerFrame, text?: string): Promise<PostResult> {
    const versioned = frame.type === 'view' || frame.type === 'chat';
    if (versioned && frame.version < (this.shown.get(connectionId) ?? 0)) return 'sent';
    const result =
      this.gateway()?.post(connectionId, text ?? JSON.stringify(frame), frame.type === 'view') ?? 'gone';
    if (result === 'gone') this.shown.delete(connectionId);
    else if (versioned) this.shown.set(connectionId, frame.version);
    return result;
  }

  /** The socket closed: nothing more to remember about it. */
  forget(connectionId: string): void {
    this.shown.delete(connectionId);
  }
}
