import { type DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { vi } from 'vitest';
import { localDynamoClient } from '../../../functions/adapters/aws/dynamo/client.js';
import { DynamoEventStore } from '../../../functions/adapters/aws/dynamo/event-store.js';
import { commitSk, gamePk, lastCommitSk } from '../../../functions/adapters/aws/dynamo/keys.js';
import { createTableIfMissing } from '../../../functions/adapters/aws/dynamo/table.js';
import type { WsEvent } from '../../../functions/middleware/ws-event.js';
import type { Commit } from '../../../functions/ports/event-store.js';
import { type DynamoDbLocal, startDynamoDbLocal } from '../dynamodb-local.js';
import { FakeConnectionsApi } from '../fake-apigw-management.js';
import { FakeStepFunctions } from '../fake-step-functions.js';
import { uniqueId } from '../store-contract.js';
import { FunctionPool } from './containers.js';
import type { Rng } from './table-driver.js';

const STATE_MACHINE_ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:Deadlines';
const HANDLERS = new URL('../../../functions/handlers/', import.meta.url);

/** How often each fault happens: the delivery the cloud is allowed to give. */
export interface Faults {
  /** Per post try: API Gateway throttles (429), fails (500). */
  throttle: number;
  serverError: number;
  /** Per post: the client's socket is gone from now on (410), and it comes back later with `resume`. */
  dropSocket: number;
  /** Per started execution: it never runs; it runs twice; it runs up to `lateMs` after its time. */
  lostTimer: number;
  doubleTimer: number;
  lateTimer: number;
  lateMs: number;
  /** Per projector invocation: the next call to Step Functions is refused, so the batch fails. */
  refusedStart: number;
  /** Per stream batch: an already delivered record of one of its games comes again later. */
  repeatRecord: number;
  /** Per round: the stream delivers everything it holds (else one batch: the projector is a poll behind). */
  drain: number;
  /** Records of one batch at most. */
  batchSize: number;
}

/** A cloud that delivers everything at once and loses nothing. */
export const NO_FAULTS: Faults = {
  throttle: 0,
  serverError: 0,
  dropSocket: 0,
  lostTimer: 0,
  doubleTimer: 0,
  lateTimer: 0,
  lateMs: 0,
  refusedStart: 0,
  repeatRecord: 0,
  drain: 1,
  batchSize: 100,
};

export const AWS_FAULTS: Faults = {
  throttle: 0.01,
  serverError: 0.01,
  dropSocket: 0.003,
  lostTimer: 0.1,
  doubleTimer: 0.1,
  lateTimer: 0.3,
  lateMs: 20_000,
  refusedStart: 0.1,
  repeatRecord: 0.1,
  drain: 0.5,
  batchSize: 12,
};

/** A started deadline execution, as the state machine will run it. */
interface Timer {
  input: string;
  name: string;
  runAt: number;
}

/**
 * AWS as the deployed functions meet it, in this process: the real handler entry modules in pools of
 * containers (functions/handlers/*.ts, each container with module state of its own), DynamoDB Local behind
 * the real SDK, API Gateway's management API and Step Functions as fakes, a clock the test moves (Date is
 * faked: the handlers read the system clock), the table's stream delivered in batches as Lambda's event
 * source mapping does — several commits of a game in one batch, games mixed, records repeated, a failed
 * batch retried from its first failed record — and the deadline executions run when their time comes,
 * unless lost, twice, or late.
 */
export class AwsCloud {
  readonly sockets = new FakeConnectionsApi();
  readonly stepFunctions = new FakeStepFunctions();
  readonly tableName = uniqueId('events');
  client!: DynamoDBClient;
  store!: DynamoEventStore;
  messages!: FunctionPool;
  projector!: FunctionPool;
  deadline!: FunctionPool;
  sweeper!: FunctionPool;
  disconnects!: FunctionPool;
  private db!: DynamoDbLocal;
  private readonly savedEnv = { ...process.env };
  private readonly timers: Timer[] = [];
  private executionsSeen = 0;
  private readonly stream = new Map<string, DynamoDBRecord[]>();
  private readonly streamed = new Map<string, DynamoDBRecord[]>();
  private recordNo = 0;
  now: number;
  readonly startedAt: number;
  /** Batches the projector failed (some records), and executions it never ran or ran twice. */
  readonly counts = { batches: 0, failedBatches: 0, repeats: 0, lostTimers: 0, doubleTimers: 0, sweeps: 0 };

  constructor(
    private readonly rng: Rng,
    readonly faults: Faults = AWS_FAULTS,
    // Never behind the real clock: DynamoDB Local's TTL reaper deletes items by the machine's time.
    start = Date.now(),
  ) {
    this.now = start;
    this.startedAt = start;
  }

  async start(): Promise<this> {
    vi.useFakeTimers({ toFake: ['Date'], now: this.now });
    this.db = await startDynamoDbLocal();
    this.client = localDynamoClient(this.db.endpoint);
    await createTableIfMissing(this.client, this.tableName);
    this.store = new DynamoEventStore({ client: this.client, tableName: this.tableName });
    await Promise.all([this.sockets.start(), this.stepFunctions.start()]);
    this.sockets.keepPosts = false;
    Object.assign(process.env, {
      AWS_REGION: 'local',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: this.db.endpoint,
      AWS_ENDPOINT_URL_SFN: this.stepFunctions.endpoint,
      TABLE_NAME: this.tableName,
      WS_ENDPOINT: this.sockets.endpoint,
      STATE_MACHINE_ARN,
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      POWERTOOLS_METRICS_DISABLED: 'true',
    });
    delete process.env.VAPID_SECRET_ARN;
    this.messages = this.pool('default', 4);
    this.projector = this.pool('projector', 3);
    this.deadline = this.pool('deadline', 2);
    this.sweeper = this.pool('sweeper', 1);
    this.disconnects = this.pool('disconnect', 2);
    return this;
  }

  /** A function of the stack (its entry module in functions/handlers/), with no container started yet. */
  pool(name: string, max: number): FunctionPool {
    return new FunctionPool(name, new URL(`${name}.ts`, HANDLERS).href, this.rng, {
      max,
      coldStart: 0.05,
      retire: 0.02,
    });
  }

  async close(): Promise<void> {
    vi.useRealTimers();
    process.env = this.savedEnv;
    this.client?.destroy();
    await Promise.all([this.sockets.close(), this.stepFunctions.close()]);
    await this.db?.close();
  }

  /** One frame from a socket through the $default function. */
  message(connectionId: string, frame: object, sourceIp = '198.51.100.7'): Promise<unknown> {
    const event: WsEvent = {
      requestContext: { routeKey: '$default', connectionId, eventType: 'MESSAGE', identity: { sourceIp } },
      body: JSON.stringify(frame),
      isBase64Encoded: false,
    };
    return this.messages.invoke(event);
  }

  /** API Gateway saw the socket close. */
  disconnect(connectionId: string): Promise<unknown> {
    const event: WsEvent = {
      requestContext: { routeKey: '$disconnect', connectionId, eventType: 'DISCONNECT' },
      isBase64Encoded: false,
    };
    return this.disconnects.invoke(event);
  }

  /** The clock moves on (never back). */
  moveTo(at: number): void {
    if (at <= this.now) return;
    this.now = at;
    vi.setSystemTime(at);
  }

  /** Every commit of a game, read back from the table. */
  commits(gameId: string, after = 0): Promise<Commit[]> {
    return this.store.read(gameId, after);
  }

  /** New commit items of these games join the stream, each game's in order. */
  async discover(gameIds: readonly string[]): Promise<void> {
    await Promise.all(
      gameIds.map(async (gameId) => {
        const known = this.streamed.get(gameId) ?? [];
        const queued = this.stream.get(gameId) ?? [];
        const highest = Math.max(0, ...[...known, ...queued].map(seqOf));
        const items = await this.commitItems(gameId, highest);
        const records = items.map((image) => this.record(image));
        this.stream.set(gameId, [...queued, ...records]);
      }),
    );
  }

  /** Records waiting for the projector. */
  pending(): number {
    let n = 0;
    for (const records of this.stream.values()) n += records.length;
    return n;
  }

  /**
   * One round of the stream: everything it holds (in several batches), or, being a poll behind, one batch.
   * A batch mixes the records of up to three games, each game's a prefix of its own in order; batches run
   * side by side, never two holding the same game (a partition key goes to one batch at a time).
   */
  async deliver(): Promise<void> {
    const drain = this.rng() < this.faults.drain;
    do {
      const games = [...this.stream.keys()].filter((g) => (this.stream.get(g)?.length ?? 0) > 0);
      if (games.length === 0) return;
      shuffle(this.rng, games);
      const batches: string[][] = [];
      for (let i = 0; i < games.length; ) {
        const take = 1 + Math.floor(this.rng() * 3);
        batches.push(games.slice(i, i + take));
        i += take;
      }
      await Promise.all((drain ? batches : batches.slice(0, 1)).map((b) => this.runBatch(b)));
    } while (drain);
  }

  /** Every record of the game the stream holds, as one batch to the projector. */
  async batchAll(gameId: string): Promise<DynamoDBBatchResponse> {
    const records = this.stream.get(gameId) ?? [];
    this.stream.set(gameId, []);
    return this.projector.invoke<DynamoDBBatchResponse>({ Records: records });
  }

  private async runBatch(games: string[]): Promise<void> {
    const records: DynamoDBRecord[] = [];
    const room = Math.max(1, Math.ceil(this.faults.batchSize / games.length));
    for (const gameId of games) {
      const queue = this.stream.get(gameId) ?? [];
      const take = 1 + Math.floor(this.rng() * Math.min(room, queue.length));
      records.push(...queue.splice(0, take));
    }
    // Mixed as a shard mixes them, each game's own records still in their order.
    const mixed = interleave(this.rng, records);
    if (this.rng() < this.faults.refusedStart) this.stepFunctions.failNext('AccessDeniedException', 400);
    this.counts.batches++;
    const response = await this.projector.invoke<DynamoDBBatchResponse>({ Records: mixed });
    const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
    const first = mixed.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
    const done = first === -1 ? mixed : mixed.slice(0, first);
    if (first !== -1) {
      this.counts.failedBatches++;
      // Retried from the first failed record on: every later record of the batch comes again, in order.
      for (const record of mixed.slice(first).reverse()) this.queueFront(record);
    }
    for (const record of done) {
      const gameId = gameOf(record);
      const list = this.streamed.get(gameId) ?? [];
      list.push(record);
      this.streamed.set(gameId, list);
    }
    if (done.length > 0 && this.rng() < this.faults.repeatRecord) {
      const again = done[Math.floor(this.rng() * done.length)];
      this.counts.repeats++;
      this.queueFront(again);
    }
  }

  private queueFront(record: DynamoDBRecord): void {
    const gameId = gameOf(record);
    this.stream.set(gameId, [record, ...(this.stream.get(gameId) ?? [])]);
  }

  /** Executions Step Functions started since last asked become timers, some lost, doubled or late. */
  collectTimers(): void {
    const executions = this.stepFunctions.executions;
    for (; this.executionsSeen < executions.length; this.executionsSeen++) {
      const { input, name } = executions[this.executionsSeen];
      const at = Date.parse((JSON.parse(input) as { at: string }).at);
      if (this.rng() < this.faults.lostTimer) {
        this.counts.lostTimers++;
        continue;
      }
      const late = this.rng() < this.faults.lateTimer ? Math.floor(this.rng() * this.faults.lateMs) : 0;
      this.timers.push({ input, name, runAt: Math.max(at, this.now) + late });
      if (this.rng() < this.faults.doubleTimer) {
        this.counts.doubleTimers++;
        this.timers.push({ input, name, runAt: Math.max(at, this.now) + late });
      }
    }
  }

  /** When the next timer runs; null when none waits. */
  nextTimer(): number | null {
    return this.timers.length === 0 ? null : Math.min(...this.timers.map((t) => t.runAt));
  }

  /** Deadline ids some timer still waits to fire. */
  timedDeadlines(): Set<string> {
    return new Set(this.timers.map((t) => (JSON.parse(t.input) as { deadlineId: string }).deadlineId));
  }

  /**
   * Every timer due now runs its deadline task. A task that fails is retried once by the state machine, a
   * while later; after that the execution has failed and only the sweeper can fire its deadline.
   */
  async runDueTimers(): Promise<void> {
    const due = this.timers.filter((t) => t.runAt <= this.now);
    for (const t of due) this.timers.splice(this.timers.indexOf(t), 1);
    await Promise.all(
      due.map(async (t) => {
        try {
          await this.deadline.invoke(JSON.parse(t.input));
        } catch {
          try {
            await this.deadline.invoke(JSON.parse(t.input));
          } catch {
            // The execution failed for good.
          }
        }
        if (!this.timers.some((other) => other.name === t.name)) this.finish(t.name);
      }),
    );
  }

  private finish(name: string): void {
    for (const e of this.stepFunctions.executions) if (e.name === name) e.status = 'SUCCEEDED';
  }

  /** The sweeper's minute. */
  async sweep(): Promise<void> {
    this.counts.sweeps++;
    try {
      await this.sweeper.invoke({});
    } catch {
      // It reports what it could not fire by failing; the next minute tries again.
    }
  }

  private async commitItems(gameId: string, after: number) {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': { S: gamePk(gameId) },
          ':from': { S: commitSk(after + 1) },
          ':to': { S: lastCommitSk },
        },
        ConsistentRead: true,
      }),
    );
    return Items as NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>[];
  }

  private record(image: NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>): DynamoDBRecord {
    this.recordNo++;
    return {
      eventID: `record-${this.recordNo}`,
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: { pk: image.pk, sk: image.sk },
        NewImage: image,
        SequenceNumber: String(this.recordNo).padStart(21, '0'),
        StreamViewType: 'NEW_IMAGE',
      },
    };
  }
}

const gameOf = (record: DynamoDBRecord): string => record.dynamodb?.NewImage?.gameId?.S ?? '';
const seqOf = (record: DynamoDBRecord): number => Number(record.dynamodb?.NewImage?.seq?.N ?? 0);

function shuffle<T>(rng: Rng, list: T[]): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}

/** The records in a random order that keeps each game's own in theirs. */
function interleave(rng: Rng, records: DynamoDBRecord[]): DynamoDBRecord[] {
  const byGame = new Map<string, DynamoDBRecord[]>();
  for (const r of records) byGame.set(gameOf(r), [...(byGame.get(gameOf(r)) ?? []), r]);
  const out: DynamoDBRecord[] = [];
  while (out.length < records.length) {
    const games = [...byGame.values()].filter((l) => l.length > 0);
    out.push(games[Math.floor(rng() * games.length)].shift() as DynamoDBRecord);
  }
  return out;
}
