// Racing writes on DynamoDB: N app instances, each with its own client and game cache (as N warm Lambda
// containers), handle the players of one room; every round all players send a command at the same moment,
// each through a different instance, so their appends race for the game's next version. Printed: commands
// that failed (no ack), lost races (conditional puts paid for and refused), requests by kind, and time.
// Runs twice: as the backend was (8 tries, retried at once) and as it is (jittered backoff, 20 tries).
// Usage: npx tsx test/bench/racing-writes.ts [instances=10] [rounds=20]
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';
import { DynamoDirectory } from '../../functions/adapters/aws/dynamo/directory.js';
import { DynamoEventStore } from '../../functions/adapters/aws/dynamo/event-store.js';
import { createTableIfMissing } from '../../functions/adapters/aws/dynamo/table.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { systemClock } from '../../functions/adapters/system/clock.js';
import { randomIds } from '../../functions/adapters/system/random-ids.js';
import { type App, createApp } from '../../functions/app/app.js';
import type { AppOptions } from '../../functions/app/deps.js';
import { Metric } from '../../functions/observability/metric-names.js';
import type { ServerFrame } from '../../shared/index.js';
import { startDynamoDbLocal } from '../support/dynamodb-local.js';

const instances = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 20);

/** Requests per operation, and conditional puts refused, as seen by the SDK clients. */
class RequestCounter {
  readonly byCommand = new Map<string, number>();
  refusedPuts = 0;

  watch(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName).replace(/Command$/, '');
        this.byCommand.set(name, (this.byCommand.get(name) ?? 0) + 1);
        try {
          return await next(args);
        } catch (error) {
          if ((error as Error).name === 'ConditionalCheckFailedException') this.refusedPuts++;
          throw error;
        }
      },
      { step: 'initialize', name: 'countRequests' },
    );
  }
}

interface Run {
  name: string;
  commands: number;
  acked: number;
  failed: number;
  commits: number;
  counter: RequestCounter;
  racesLost: number;
  ms: number;
}

async function run(endpoint: string, name: string, options: AppOptions): Promise<Run> {
  const tableName = `race${Date.now()}`;
  const admin = localDynamoClient(endpoint);
  await createTableIfMissing(admin, tableName);
  const counter = new RequestCounter();
  const fanOut = new MemoryFanOut();
  const meters: CountingMeter[] = [];
  const apps: App[] = [];
  const clients: DynamoDBClient[] = [];
  for (let i = 0; i < instances; i++) {
    const client = localDynamoClient(endpoint);
    clients.push(client);
    const meter = new CountingMeter();
    meters.push(meter);
    apps.push(
      createApp(
        {
          store: new DynamoEventStore({ client, tableName }),
          directory: new DynamoDirectory({ client, tableName }),
          fanOut,
          scheduler: { schedule: async () => {} },
          deadlines: new MemoryDeadlineBook(),
          meter,
          clock: systemClock,
          ids: randomIds,
        },
        options,
      ),
    );
  }
  const send = async (app: App, connectionId: string, frame: Parameters<App['handleFrame']>[1]) => {
    fanOut.open(connectionId);
    return (await app.handleFrame(connectionId, frame)).frames;
  };
  const created = (
    await send(apps[0], 'host', {
      action: 'create',
      settings: { preset: 'classic' },
      name: 'Host',
    })
  )[0] as Extract<ServerFrame, { type: 'created' }>;
  for (let seat = 1; seat <= 10; seat++) {
    await send(apps[0], `p${seat}`, { action: 'join', code: created.code, name: `P${seat}` });
  }
  // The racing starts here: count only what the rounds cost.
  for (const client of clients) counter.watch(client);
  let acked = 0;
  let failed = 0;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(apps[i % instances], `p${i + 1}`, {
          action: 'command',
          commandId: `r${round}-p${i + 1}`,
          command: { type: 'say', channel: 'table', text: `round ${round}` },
        }).catch(() => [{ type: 'error', code: 'internal', message: 'threw' }] as ServerFrame[]),
      ),
    );
    for (const frames of replies) {
      if (frames[0]?.type === 'ack') acked++;
      else failed++;
    }
  }
  const ms = performance.now() - started;
  const commits = (await apps[0].deps.store.read(created.gameId)).length - 11;
  for (const client of [admin, ...clients]) client.destroy();
  const racesLost = meters.reduce((sum, meter) => sum + meter.get(Metric.raceLost), 0);
  return { name, commands: rounds * 10, acked, failed, commits, counter, racesLost, ms };
}

const local = await startDynamoDbLocal();
try {
  const results = [
    await run(local.endpoint, 'before: 8 tries, retried at once', {
      maxAttempts: 8,
      raceBackoff: { baseMs: 0, capMs: 0 },
    }),
    await run(local.endpoint, 'after: jittered backoff, 20 tries', {}),
  ];
  console.log(
    `${instances} instances, 10 players, ${rounds} rounds of 10 simultaneous commands (DynamoDB Local)`,
  );
  for (const r of results) {
    const requests = Object.fromEntries([...r.counter.byCommand].sort());
    console.log(`\n${r.name}`);
    console.log(
      `  commands ${r.commands}, acked ${r.acked}, failed ${r.failed} (${((100 * r.failed) / r.commands).toFixed(1)}%)`,
    );
    console.log(
      `  commits ${r.commits}, conditional puts refused ${r.counter.refusedPuts} (${(r.counter.refusedPuts / Math.max(1, r.commits)).toFixed(2)} per commit)`,
    );
    console.log(`  requests ${JSON.stringify(requests)}`);
    console.log(`  ${(r.ms / rounds).toFixed(0)} ms per round`);
  }
} finally {
  await local.close();
}
