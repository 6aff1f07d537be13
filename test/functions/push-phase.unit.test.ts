import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../../functions/adapters/memory/directory.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { SequentialIds } from '../../functions/adapters/memory/ids.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { MemoryPushBook } from '../../functions/adapters/memory/push-book.js';
import { createApp } from '../../functions/app/app.js';
import { pushPhase, SUBSCRIPTION_TTL_SECONDS, subscribePush } from '../../functions/app/push.js';
import { Metric } from '../../functions/observability/metric-names.js';
import type { PushBook, PushSender, PushTarget } from '../../functions/ports/push.js';
import type { Phase } from '../../shared/index.js';
import { RecordingScheduler } from '../support/app-harness.js';

const day = { kind: 'day', round: 2 } as Phase;
const target: PushTarget = {
  endpoint: 'https://push.example/a',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** The application's deps with the given push ports on in-memory twins. */
function given(book: PushBook, sender: PushSender) {
  const meter = new CountingMeter();
  const clock = new ManualClock();
  const { deps } = createApp({
    store: new MemoryEventStore(),
    directory: new MemoryDirectory({ now: () => clock.now() }),
    fanOut: new MemoryFanOut(),
    scheduler: new RecordingScheduler(),
    deadlines: new MemoryDeadlineBook(),
    meter,
    clock,
    ids: new SequentialIds(),
    push: { book, sender },
  });
  return { deps, meter, clock };
}

/** A sender with keys that records where it pushed. */
const sending = (): PushSender & { sent: string[] } => {
  const sent: string[] = [];
  const send = async (target: PushTarget) => {
    sent.push(target.endpoint);
    return 'sent' as const;
  };
  return { sent, publicKey: async () => 'BKey', send };
};

describe('pushing a new phase', () => {
  it('given a book that cannot be read, when a phase is pushed, then the failure is counted and nothing is thrown', async () => {
    const book: PushBook = {
      save: async () => {},
      forGame: async () => Promise.reject(new Error('ProvisionedThroughputExceededException')),
      forget: async () => {},
    };
    const { deps, meter } = given(book, sending());
    await expect(pushPhase(deps, 'g1', day)).resolves.toBeUndefined();
    expect(meter.get(Metric.pushFailed)).toBe(1);
  });

  it('given a deployment whose keys are not set yet, when a phase is pushed, then the book is not read and nothing counts', async () => {
    const book = new MemoryPushBook();
    await book.save('g1', 1, target, Number.MAX_SAFE_INTEGER);
    const sender = { ...sending(), publicKey: async () => null };
    const { deps, meter } = given(book, sender);
    await pushPhase(deps, 'g1', day);
    expect(sender.sent).toEqual([]);
    expect(meter.counts.size).toBe(0);
  });

  it('given a seat that subscribes, when the fortnight after it passes, then its subscription has lapsed', async () => {
    const { deps, clock } = given(new MemoryPushBook({ now: () => clock.now() }), sending());
    await deps.directory.bindConnection('c1', { gameId: 'g1', seat: 3 }, clock.now() / 1000 + 3600);
    expect((await subscribePush(deps, 'c1', target)).frames).toEqual([{ type: 'pushSaved' }]);
    clock.advance(SUBSCRIPTION_TTL_SECONDS * 1000 - 1000);
    expect(await deps.push?.book.forGame('g1')).toEqual([{ reader: 3, target }]);
    clock.advance(1000);
    expect(await deps.push?.book.forGame('g1')).toEqual([]);
  });
});
