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

const CURRENT = `B${'c'.repeat(86)}`;
const RETIRED = `B${'r'.repeat(86)}`;
const REMOVED = `B${'x'.repeat(86)}`;

/** A sender holding the CURRENT and the RETIRED pair that records where it pushed, under which key. */
const sending = (): PushSender & { sent: string[] } => {
  const sent: string[] = [];
  const kept = [CURRENT, RETIRED];
  return {
    sent,
    publicKey: async () => CURRENT,
    keeps: async (serverKey) => kept.includes(serverKey),
    refuses: async () => null,
    send: async ({ target, serverKey }) => {
      if (serverKey !== null && !kept.includes(serverKey)) return 'dropped';
      sent.push(`${target.endpoint} ${serverKey}`);
      return 'sent';
    },
  };
};

/** A book read at the time the deps' clock starts at, so what is saved then has not lapsed. */
const bookAtClockStart = () => new MemoryPushBook({ now: () => new ManualClock().now() });

const other = (path: string): PushTarget => ({ ...target, endpoint: `https://push.example/${path}` });

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
    await book.save('g1', { reader: 1, target, serverKey: CURRENT }, Number.MAX_SAFE_INTEGER);
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
    expect(await deps.push?.book.forGame('g1')).toEqual([{ reader: 3, target, serverKey: CURRENT }]);
    clock.advance(1000);
    expect(await deps.push?.book.forGame('g1')).toEqual([]);
  });

  it('given subscriptions under the current key, a retired one and a removed one, when a phase is pushed, then the kept ones are pushed and the removed key’s is dropped, counted and forgotten', async () => {
    const book = new MemoryPushBook();
    await book.save('g1', { reader: 1, target: other('now'), serverKey: CURRENT }, Number.MAX_SAFE_INTEGER);
    await book.save(
      'g1',
      { reader: 2, target: other('before'), serverKey: RETIRED },
      Number.MAX_SAFE_INTEGER,
    );
    await book.save(
      'g1',
      { reader: 3, target: other('long-ago'), serverKey: REMOVED },
      Number.MAX_SAFE_INTEGER,
    );
    await book.save(
      'g2',
      { reader: 4, target: other('long-ago'), serverKey: REMOVED },
      Number.MAX_SAFE_INTEGER,
    );
    const sender = sending();
    const { deps, meter } = given(book, sender);
    await pushPhase(deps, 'g1', day);
    expect(sender.sent.sort()).toEqual([
      `https://push.example/before ${RETIRED}`,
      `https://push.example/now ${CURRENT}`,
    ]);
    expect(meter.get(Metric.pushSent)).toBe(2);
    expect(meter.get(Metric.pushKeyDropped)).toBe(1);
    expect((await book.forGame('g1')).map((s) => s.reader).sort()).toEqual([1, 2]);
    expect(await book.forGame('g2')).toEqual([]);
  });
});

describe('keeping a subscription with the key it was made under', () => {
  it('given a PWA naming a retired key it subscribed with, when it hands its subscription over, then that key is kept with it', async () => {
    const { deps, clock } = given(bookAtClockStart(), sending());
    await deps.directory.bindConnection('c1', { gameId: 'g1', seat: 2 }, clock.now() / 1000 + 3600);
    expect((await subscribePush(deps, 'c1', target, RETIRED)).frames).toEqual([{ type: 'pushSaved' }]);
    expect(await deps.push?.book.forGame('g1')).toEqual([{ reader: 2, target, serverKey: RETIRED }]);
  });

  it('given a PWA that names no key, when it hands its subscription over, then the current key is kept with it', async () => {
    const { deps, clock } = given(bookAtClockStart(), sending());
    await deps.directory.bindConnection('c1', { gameId: 'g1', seat: 'host' }, clock.now() / 1000 + 3600);
    await subscribePush(deps, 'c1', target);
    expect(await deps.push?.book.forGame('g1')).toEqual([{ reader: 'host', target, serverKey: CURRENT }]);
  });

  it('given a PWA naming a key no longer kept, when it hands its subscription over, then it is told to subscribe again and nothing is kept', async () => {
    const { deps, clock } = given(bookAtClockStart(), sending());
    await deps.directory.bindConnection('c1', { gameId: 'g1', seat: 2 }, clock.now() / 1000 + 3600);
    const reply = await subscribePush(deps, 'c1', target, REMOVED);
    expect(reply.frames).toEqual([expect.objectContaining({ type: 'error', code: 'push_key' })]);
    expect(await deps.push?.book.forGame('g1')).toEqual([]);
  });
});
