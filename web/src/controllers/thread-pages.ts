import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatMessage } from '../../../shared/log/records.js';
import { threadPage } from '../events.js';

const key = (m: ChatMessage) => `${m.at}|${m.seat}|${m.text}`;

/**
 * The thread's history beyond what a view carries: the latest page when the host connects, older pages on
 * request. The live view's table messages are merged in, each message once, in the order they were said.
 */
export class ThreadPages implements ReactiveController {
  private older: ChatMessage[] = [];
  /** Index of the oldest message loaded; null before the first page came. */
  private from: number | null = null;
  private loading = false;

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  hostConnected(): void {
    void this.load();
  }

  /** More messages exist before the oldest loaded. */
  get earlier(): boolean {
    return this.from !== null && this.from > 0;
  }

  loadEarlier(): Promise<void> {
    return this.load(this.from ?? undefined);
  }

  /** The table channel so far: the pages loaded and the live messages, oldest first. */
  merged(live: readonly ChatMessage[]): ChatMessage[] {
    const seen = new Set(this.older.map(key));
    const all = [...this.older, ...live.filter((m) => m.channel === 'table' && !seen.has(key(m)))];
    return all.sort((a, b) => a.at - b.at);
  }

  private async load(before?: number): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    const page = await threadPage(this.host, before);
    this.loading = false;
    if (!page) return;
    const seen = new Set(this.older.map(key));
    this.older = [...page.messages.filter((m) => !seen.has(key(m))), ...this.older];
    this.from = Math.min(page.from, this.from ?? page.from);
    this.host.requestUpdate();
  }
}
