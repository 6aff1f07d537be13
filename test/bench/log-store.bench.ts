/**
 * Throughput of the embedded log store against DynamoDB on dynalite, both through the EventStore port.
 * Closed loop: every writer owns one game and appends its next commit as soon as the previous one is
 * acknowledged. Run: npx tsx test/bench/log-store.bench.ts [writers] [seconds]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';
import { DynamoEventStore } from '../../functions/adapters/aws/dynamo/event-store.js';
import { createTableIfMissing } from '../../functions/adapters/aws/dynamo/table.js';
import { LogEventStore } from '../../functions/adapters/local/log/event-store.js';
import { startDynamoServer } from '../../functions/local/dynamo-server.js';
import type { Commit, EventStore } from '../../functions/ports/event-store.js';

const writers = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 3);

interface Result {
  appends: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const SPEECH = 'x'.repeat(300);
const STAND_IN_HASH = 'f'.repeat(64);

/**
 * A commit whose JSON is about 650 bytes, like a vote or a night action with its outcome. The hashes are
 * stand-ins: the application computes them before it appends, and this measures the store alone.
 */
function commitFor(gameId: string, seq: number): Commit {
  return {
    gameId,
    seq,
    commandId: `cmd-${gameId}-${seq}`,
    actor: String(seq % 10),
    at: Date.now(),
    events: [
      { type: 'voteCast', voter: seq % 10, target: (seq + 3) % 10, round: 1 },
      { type: 'said', seat: seq % 10, channel: 'table', text: SPEECH },
    ],
    prevHash: STAND_IN_HASH,
    hash: STAND_IN_HASH,
  };
}

async function run(store: EventStore, label: string): Promise<Result> {
  const latencies: number[] = [];
  const stopAt = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const gameId = `${label}-${writer}`;
      for (let seq = 1; performance.now() < stopAt; seq++) {
        const commit = commitFor(gameId, seq);
        const sent = performance.now();
        const result = await store.append(commit);
        latencies.push(performance.now() - sent);
        if (!result.ok) throw new Error(`unexpected conflict in ${gameId} at ${seq}`);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { appends: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

console.log(
  `${writers} writers, ${seconds} s each, ${availableParallelism()} cores, Node ${process.version}`,
);
console.log(`sample commit: ${Buffer.byteLength(JSON.stringify(commitFor('log-199', 12)))} bytes`);

const dir = mkdtempSync(join(tmpdir(), 'sleeping-city-bench-'));
const log = await LogEventStore.open({ dir });
const logResult = await run(log, 'log');
const stats = log.stats();
await log.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  `log store:  ${Math.round(logResult.perSecond)} appends/s, ${stats.syncs} syncs, ` +
    `${(stats.appends / stats.syncs).toFixed(1)} appends/sync, p50 ${ms(logResult.p50)}, p99 ${ms(logResult.p99)}`,
);

const server = await startDynamoServer();
const client = localDynamoClient(server.endpoint, { maxSockets: writers });
await createTableIfMissing(client, 'bench-events');
const dynamo = new DynamoEventStore({ client, tableName: 'bench-events' });
const dynamoResult = await run(dynamo, 'dyn');
client.destroy();
await server.close();
console.log(
  `dynalite:   ${Math.round(dynamoResult.perSecond)} appends/s (GetItem + conditional PutItem each), ` +
    `p50 ${ms(dynamoResult.p50)}, p99 ${ms(dynamoResult.p99)}`,
);
console.log(
  `ratio:      log store is ${(logResult.perSecond / dynamoResult.perSecond).toFixed(0)}x dynalite`,
);
