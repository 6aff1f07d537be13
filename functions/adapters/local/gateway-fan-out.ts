import type { ServerFrame } from '../../../shared/index.js';
import { coverOf } from '../../app/frame-padding.js';
import type { LocalGateway } from '../../local/gateway.js';
import type { FanOut, PostResult } from '../../ports/fan-out.js';

/**
 * In-process fan-out to the local gateway's sockets. Views reach a socket by two paths (a reply, and the
 * projector) that can cross; here, where both run in one process, a socket is never sent a view (or a
 * chat frame) older than the one it has: it gets a `cover` of that frame's size in its place. On AWS
 * the client's rule — keep the highest version — does this. A view of the version it has is sent again: it is what `sync` and `resume` answer, and the client takes it as the server's word.
 */
export class GatewayFanOut implements FanOut {
  private readonly shown = new Map<string, number>();

  constructor(private readonly gateway: () => LocalGateway | undefined) {}

  async post(connectionId: string, frame: ServerFrame, text?: string): Promise<PostResult> {
    const versioned = frame.type === 'view' || frame.type === 'chat';
    const json = text ?? JSON.stringify(frame);
    // A stale frame still leaves as a frame of its size: what a seat is sent must not depend on it.
    const stale = versioned && frame.version < (this.shown.get(connectionId) ?? 0);
    const data = stale ? coverOf(Buffer.byteLength(json)) : json;
    const result = this.gateway()?.post(connectionId, data, frame.type === 'view' && !stale) ?? 'gone';
    if (result === 'gone') this.shown.delete(connectionId);
    else if (versioned && !stale) this.shown.set(connectionId, frame.version);
    return result;
  }

  /** The socket closed: nothing more to remember about it. */
  forget(connectionId: string): void {
    this.shown.delete(connectionId);
  }
}
