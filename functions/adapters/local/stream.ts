import { setTimeout as sleep } from 'node:timers/promises';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { AppendResult, Commit, EventStore } from '../../ports/event-store.js';
import { commitToItem } from '../aws/dynamo/commit-item.js';

export interface StreamOptions {
  /** The projector: one batch of records per call, as Lambda's event source mapping hands them over. */
  deliver: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
  /** Records given up on after every retry, as Lambda drops them once its retry attempts are spent. */
  onDropped: (error: unknown, records: DynamoDBRecord[]) => void;
  /** The event source mapping's batch size and retry attempts (the infrastructure's defaults). */
  batchSize?: number;
  retryAttempts?: number;
  /** Pause before the n-th retry of a batch (ms). */
  retryDelayMs?: (attempt: number) => number;
}

interface Shard {
  waiting: DynamoDBRecord[];
  /** Failed deliveries of the record at the head of `waiting`. */
  attempts: number;
  pump: Promise<void> | null;
}

/**
 * The local stand-in for the table's stream and Lambda's event source mapping. Every commit the store
 * accepted becomes an INSERT record whose NEW_IMAGE is the item DynamoDB would hold, once the append resolved
 * (so once it is durable). Each game is a shard of its own: its records are delivered in order, in batches
 * of what is waiting, one batch at a time; the writer does not wait for them, as on AWS. A batch item
 * failure re-delivers the batch from the first failed record on, which is what ReportBatchItemFailures
 * asks of Lambda; a batch whose delivery throws is re-delivered whole.
 */
export class StreamedEventStore implements EventStore {
  private readonly shards = new Map<string, Shard>();
  private sequence = 0;
  private readonly batchSize: number;
  private readonly retryAttempts: number;
  private readonly retryDelayMs: (attempt: number) => number;

  constructor(
    private readonly inner: EventStore,
    private readonly options: StreamOptions,
  ) {
    this.batchSize = options.batchSize ?? 10;
    this.retryAttempts = options.retryAttempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? ((attempt) => 50 * 2 ** (attempt - 1));
  }

  async append(commit: Commit): Promise<AppendResult> {
    const result = await this.inner.append(commit);
    if (result.ok) this.publish(commit);
    return result;
  }

  read(gameId: string, afterSeq?: number): Promise<Commit[]> {
    return this.inner.read(gameId, afterSeq);
  }

  listGames(): Promise<string[]> {
    return this.inner.listGames();
  }

  /** Waits until every record published so far was delivered or dropped. */
  async drain(): Promise<void> {
    for (;;) {
      const pumps = [...this.shards.values()].flatMap((s) => (s.pump ? [s.pump] : []));
      if (pumps.length === 0) return;
      await Promise.allSettled(pumps);
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private publish(commit: Commit): void {
    const shard = this.shards.get(commit.gameId) ?? { waiting: [], attempts: 0, pump: null };
    this.shards.set(commit.gameId, shard);
    shard.waiting.push(insertRecord(commit, ++this.sequence));
    shard.pump ??= this.pump(commit.gameId, shard);
  }

  private async pump(gameId: string, shard: Shard): Promise<void> {
    while (shard.waiting.length > 0) {
      const batch = shard.waiting.slice(0, this.batchSize);
      let failedFrom = -1;
      let cause: unknown;
      try {
        const response = await this.options.deliver({ Records: batch });
        const failed = new Set(response?.batchItemFailures.map((f) => f.itemIdentifier));
        failedFrom = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
        cause = new Error('the projector reported the records as failed');
      } catch (error) {
        failedFrom = 0;
        cause = error;
      }
      if (failedFrom === -1) {
        shard.waiting.splice(0, batch.length);
        shard.attempts = 0;
        continue;
      }
      shard.waiting.splice(0, failedFrom);
      if (failedFrom > 0) shard.attempts = 0;
      shard.attempts++;
      if (shard.attempts > this.retryAttempts) {
        this.options.onDropped(cause, shard.waiting.splice(0, batch.length - failedFrom));
        shard.attempts = 0;
        continue;
      }
      await sleep(this.retryDelayMs(shard.attempts));
    }
    shard.pump = null;
    this.shards.delete(gameId);
  }
}

/** The stream record of a new commit, as DynamoDB writes it for a NEW_IMAGE stream. */
function insertRecord(commit: Commit, sequence: number): DynamoDBRecord {
  const image = attributes(commitToItem(commit));
  const sequenceNumber = String(sequence).padStart(21, '0');
  return {
    eventID: sequenceNumber,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'local',
    eventSourceARN: 'arn:aws:dynamodb:local:000000000000:table/sleeping-city/stream/local',
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: { pk: image.pk, sk: image.sk },
      NewImage: image,
      SequenceNumber: sequenceNumber,
      SizeBytes: sizeOf(image),
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

/**
 * The item's size as DynamoDB counts it: the bytes of its attribute names and values (here, where every
 * value is a string or a number, their text), without serialising the image once more to measure it.
 */
function sizeOf(image: Record<string, AttributeValue>): number {
  let size = 0;
  for (const name in image)
    size += Buffer.byteLength(name) + Buffer.byteLength(image[name].S ?? image[name].N ?? '');
  return size;
}

/** A commit item holds only strings and numbers (its events are one JSON string). */
function attributes(item: Record<string, unknown>): Record<string, AttributeValue> {
  const image: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item))
    image[name] = typeof value === 'number' ? { N: String(value) } : { S: String(value) };
  return image;
}
