import type { ServerFrame } from '../../../shared/index.js';
import type { FanOut, PostResult } from '../../ports/fan-out.js';

/**
 * In-process twin of the fan-out: keeps every frame posted to each connection. Only connections opened
 * (and not since gone) take frames; any other answers 'gone', as API Gateway's 410 does.
 */
export class MemoryFanOut implements FanOut {
  private readonly frames = new Map<string, ServerFrame[]>();
  private readonly live = new Set<string>();

  /** The socket connected. */
  open(connectionId: string): void {
    this.live.add(connectionId);
  }

  async post(connectionId: string, frame: ServerFrame, text?: string): Promise<PostResult> {
    if (!this.live.has(connectionId)) return 'gone';
    // A copy, as a real socket would deliver: later changes to the sender's objects must not show here.
    const copy = JSON.parse(text ?? JSON.stringify(frame)) as ServerFrame;
    const list = this.frames.get(connectionId) ?? [];
    list.push(copy);
    this.frames.set(connectionId, list);
    return 'sent';
  }

  /** Frames posted to a connection so far, oldest first. */
  sent(connectionId: string): ServerFrame[] {
    return [...(this.frames.get(connectionId) ?? [])];
  }

  /** Frames posted to a connection, forgetting them: the next call returns only newer ones. */
  take(connectionId: string): ServerFrame[] {
    const list = this.frames.get(connectionId) ?? [];
    this.frames.delete(connectionId);
    return list;
  }

  /** The socket closed. */
  gone(connectionId: string): void {
    this.live.delete(connectionId);
  }
}
