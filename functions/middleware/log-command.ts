import type { MiddlewareObj } from '@middy/core';
import type { Reply } from '../app/frames.js';
import { DEFAULT_LIMITS, type Limits } from '../app/limits.js';
import { type Log, logId } from '../app/log.js';
import { FrameError } from './frame-error.js';
import type { RouteResult, WsEvent } from './ws-event.js';

const started = new WeakMap<object, number>();

/**
 * One JSON line per frame handled: action, game, command id and type, outcome and latency (ms, from the
 * frame's arrival until its reply was sent). Refused frames are logged within a budget per address
 * (`Limits.refusalLog`), and counted beyond it.
 */
export function logCommand(
  log: Log,
  now: () => number = () => performance.now(),
  refusalLog: Limits['refusalLog'] = DEFAULT_LIMITS.refusalLog,
): MiddlewareObj<WsEvent, RouteResult> {
  const refusals = new RefusalBudget(refusalLog, log, now);
  const write = (request: { event: WsEvent; response?: RouteResult | null; error?: unknown }) => {
    const reply = request.response as Reply | undefined;
    const start = started.get(request.event) ?? now();
    const line = {
      ...(reply?.log ?? { action: request.event.frame?.action ?? 'frame', outcome: 'unknown' }),
      connection: logId(request.event.requestContext.connectionId),
      ms: Math.round((now() - start) * 100) / 100,
    };
    if (request.error instanceof FrameError) {
      const { requestContext } = request.event;
      refusals.offer(requestContext.identity?.sourceIp ?? requestContext.connectionId, line);
    } else log(line);
  };
  return {
    before: (request) => {
      started.set(request.event, now());
    },
    after: write,
    onError: write,
  };
}

interface Window {
  start: number;
  logged: number;
  /** Refusals past the budget, by outcome. */
  held: Record<string, number>;
  connection: string;
}

/** At most this many addresses are followed; past it the oldest windows are summed up early. */
const MAX_WINDOWS = 10_000;

/**
 * Refused frames as log lines, `lines` per address and window; the rest counted. A window's count is said
 * (`outcome: refusals_held`, with the count of each outcome) at the first refusal after it ended, from any
 * address, so a flood that stopped is still accounted for the next time anything is refused.
 */
class RefusalBudget {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly budget: Limits['refusalLog'],
    private readonly log: Log,
    private readonly now: () => number,
  ) {}

  offer(key: string, line: { outcome: string; connection: string } & Record<string, unknown>): void {
    const at = this.now();
    this.sumUpEnded(at);
    let w = this.windows.get(key);
    if (w === undefined) {
      if (this.windows.size >= MAX_WINDOWS) this.sumUp(this.windows.keys().next().value as string);
      w = { start: at, logged: 0, held: {}, connection: line.connection };
      this.windows.set(key, w);
    }
    w.connection = line.connection;
    if (w.logged < this.budget.lines) {
      w.logged++;
      this.log(line);
      return;
    }
    w.held[line.outcome] = (w.held[line.outcome] ?? 0) + 1;
  }

  private sumUpEnded(at: number): void {
    for (const [key, w] of this.windows) if (at - w.start >= this.budget.perMs) this.sumUp(key);
  }

  private sumUp(key: string): void {
    const w = this.windows.get(key);
    this.windows.delete(key);
    if (w === undefined) return;
    const count = Object.values(w.held).reduce((a, b) => a + b, 0);
    if (count === 0) return;
    this.log({
      level: 'warn',
      action: 'refused',
      outcome: 'refusals_held',
      connection: w.connection,
      count,
      outcomes: w.held,
      ms: Math.round(this.now() - w.start),
    });
  }
}
