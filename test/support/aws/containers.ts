import type { Context } from 'aws-lambda';
import { vi } from 'vitest';
import { lambdaContext } from '../../../functions/local/lambda-context.js';
import type { Rng } from './table-driver.js';

type Handler = (event: never, context: Context) => Promise<unknown>;

/** One execution environment of a function: its own module state (app, game cache, SDK clients). */
interface Container {
  id: number;
  handler: Handler;
  busy: boolean;
  invocations: number;
}

/** How a function's containers come and go. */
export interface PoolOptions {
  /** Containers at most at once: the function's concurrency. */
  max: number;
  /** Chance that an invocation starts a new container although one is idle (a cold start elsewhere). */
  coldStart: number;
  /** Chance that an idle container is retired after an invocation (Lambda recycles environments). */
  retire: number;
}

/** Loading a module graph anew must not interleave with another load: the registry is reset for it. */
let loading: Promise<unknown> = Promise.resolve();

/**
 * A Lambda function as Lambda runs it: several containers, each loaded from the deployed entry module with
 * its own module state, each serving one invocation at a time; a new container now and then, and old ones
 * retired, so a game's next invocation may land where nothing of it is known.
 */
export class FunctionPool {
  private readonly containers: Container[] = [];
  private readonly waiting: Array<() => void> = [];
  private next = 1;
  started = 0;

  constructor(
    private readonly name: string,
    private readonly entry: string,
    private readonly rng: Rng,
    private readonly options: PoolOptions,
  ) {}

  async invoke<R>(event: unknown): Promise<R> {
    const container = await this.acquire();
    try {
      container.invocations++;
      return (await container.handler(event as never, lambdaContext(this.name))) as R;
    } finally {
      container.busy = false;
      if (this.rng() < this.options.retire && this.containers.length > 1) {
        this.containers.splice(this.containers.indexOf(container), 1);
      }
      this.waiting.shift()?.();
    }
  }

  private async acquire(): Promise<Container> {
    for (;;) {
      const idle = this.containers.filter((c) => !c.busy);
      const room = this.containers.length < this.options.max;
      if (room && (idle.length === 0 || this.rng() < this.options.coldStart)) return this.start();
      if (idle.length > 0) {
        const container = idle[Math.floor(this.rng() * idle.length)];
        container.busy = true;
        return container;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private async start(): Promise<Container> {
    const container: Container = { id: this.next++, handler: undefined as never, busy: true, invocations: 0 };
    this.containers.push(container);
    const load = loading.then(async () => {
      vi.resetModules();
      return ((await import(/* @vite-ignore */ this.entry)) as { handler: Handler }).handler;
    });
    loading = load.catch(() => {});
    container.handler = await load;
    this.started++;
    return container;
  }
}
