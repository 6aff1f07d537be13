import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { StreamedEventStore, type StreamOptions } from '../../functions/adapters/local/stream.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { makeCommit } from '../../functions/app/commit.js';
import { projectorHandler } from '../../functions/handlers/routes/projector.js';
import { commitOf } from '../../functions/middleware/commit-record.js';

const context = {} as Context;

function givenStream(deliver: StreamOptions['deliver'], options: Partial<StreamOptions> = {}) {
  const dropped: DynamoDBRecord[][] = [];
  const store = new StreamedEventStore(new MemoryEventStore(), {
    deliver,
    onDropped: (_error, records) => dropped.push(records),
    retryDelayMs: () => 1,
    ...options,
  });
  let hash = '';
  const commit = async (gameId: string, seq: number) => {
    const c = makeCommit(
      { gameId, commandId: `c${seq}`, actor: 'host', command: { type: 'advance' } },
      seq,
      hash,
      1000 + seq,
      [{ seq }],
    );
    hash = c.hash;
    expect(await store.append(c)).toEqual({ ok: true });
  };
  return { store, dropped, commit };
}

/** The (game, seq) pairs a batch names, read as the projector reads them. */
function named(event: DynamoDBStreamEvent): string[] {
  return event.Records.flatMap((record) => {
    const commit = commitOf(record);
    return commit ? [`${commit.gameId}#${commit.seq}`] : [];
  });
}

describe('the local table stream', () => {
  it('given commits of a game, when they are delivered, then each is an INSERT of the commit item, once and in order', async () => {
    const batches: string[][] = [];
    const { store, commit } = givenStream(async (event) => {
      batches.push(named(event));
      return { batchItemFailures: [] };
    });
    for (let seq = 1; seq <= 4; seq++) await commit('g', seq);
    await store.drain();
    expect(batches.flat()).toEqual(['g#1', 'g#2', 'g#3', 'g#4']);
  });

  it('given a commit with text beyond ASCII, when it is delivered, then its record gives the item size as DynamoDB counts it', async () => {
    const records: DynamoDBRecord[] = [];
    const store = new StreamedEventStore(new MemoryEventStore(), {
      deliver: async (event) => {
        records.push(...event.Records);
        return { batchItemFailures: [] };
      },
      onDropped: () => {},
    });
    const say = { type: 'say', channel: 'table', text: 'Доброе утро 🌆' } as const;
    await store.append(
      makeCommit({ gameId: 'g', commandId: 'c1', actor: '2', command: say }, 1, '', 5, [say]),
    );
    await store.drain();
    const image = records[0].dynamodb?.NewImage ?? {};
    const bytes = Object.entries(image).reduce(
      (sum, [name, value]) => sum + new TextEncoder().encode(name + (value.S ?? value.N)).length,
      0,
    );
    expect(records[0].dynamodb?.SizeBytes).toBe(bytes);
    expect(image.events.S).toContain('Доброе утро 🌆');
  });

  it('given a batch whose second record fails once, when it is reported, then the stream delivers again from that record on', async () => {
    const deliveries: string[][] = [];
    let failOnce = true;
    const { store, commit } = givenStream(
      async (event) => {
        deliveries.push(named(event));
        if (failOnce && event.Records.length > 1) {
          failOnce = false;
          return { batchItemFailures: [{ itemIdentifier: event.Records[1].dynamodb?.SequenceNumber ?? '' }] };
        }
        return { batchItemFailures: [] };
      },
      { batchSize: 3 },
    );
    await commit('g', 1);
    await Promise.all([commit('g', 2), commit('g', 3), commit('g', 4)]);
    await store.drain();
    expect(failOnce).toBe(false);
    const seen = deliveries.flat();
    expect(seen.filter((n) => n === 'g#1')).toHaveLength(1);
    expect(new Set(seen)).toEqual(new Set(['g#1', 'g#2', 'g#3', 'g#4']));
    const failed = deliveries.findIndex((d) => d.length > 1);
    expect(deliveries[failed + 1][0]).toBe(deliveries[failed][1]);
  });

  it('given a projector that keeps failing a game, when the retries are spent, then its batch is dropped and reported and other games flow', async () => {
    const delivered: string[] = [];
    const { store, dropped, commit } = givenStream(async (event) => {
      const names = named(event);
      if (names.some((n) => n.startsWith('bad#'))) throw new Error('post failed');
      delivered.push(...names);
      return { batchItemFailures: [] };
    });
    await commit('bad', 1);
    await store.drain();
    await commit('good', 1);
    await store.drain();
    expect(dropped.map((records) => records.length)).toEqual([1]);
    expect(delivered).toEqual(['good#1']);
  });

  it('given the projector handler fails a game once, when its records come back, then the game is projected after all', async () => {
    const projected: string[] = [];
    let failures = 1;
    const handler = projectorHandler(
      {
        project: async (gameId, seq) => {
          if (failures-- > 0) throw new Error('API Gateway is slow today');
          projected.push(`${gameId}#${seq}`);
          return { kind: 'sent', version: seq, sent: 1, gone: 0, failed: 0, armed: false };
        },
      },
      () => {},
    );
    const { store, commit } = givenStream((event) => handler(event, context));
    await commit('g', 1);
    await store.drain();
    expect(projected).toEqual(['g#1']);
  });
});
