import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { threadPage } from '../events.js';
import type { ChannelLines } from '../logic/chat-lines.js';

/**
 * The thread's older pages, on request: the latest page comes with the view, and each older one asked
 * for joins the lines the socket holds (`takePage`), so the thread shows them from then on.
 */
export class ThreadPages implements ReactiveController {
  private loading = false;

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** More messages exist before the oldest held. */
  earlier(run: ChannelLines | undefined): boolean {
    return run !== undefined && run.from > 0;
  }

  async loadEarlier(run: ChannelLines | undefined): Promise<void> {
    if (this.loading || run === undefined || run.from === 0) return;
    this.loading = true;
    await threadPage(this.host, run.from);
    this.loading = false;
  }
}
