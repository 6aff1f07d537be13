import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';
import { DynamoDeadlineBook } from '../../functions/adapters/aws/dynamo/deadline-book.js';
import { DynamoDirectory } from '../../functions/adapters/aws/dynamo/directory.js';
import { DynamoEventStore } from '../../functions/adapters/aws/dynamo/event-store.js';
import { DynamoGameHeads } from '../../functions/adapters/aws/dynamo/game-heads.js';
import { createTableIfMissing } from '../../functions/adapters/aws/dynamo/table.js';
import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { randomIds } from '../../functions/adapters/system/random-ids.js';
import { type App, createApp } from '../../functions/app/app.js';
import type { DeadlineJob } from '../../functions/ports/scheduler.js';
import type { ClientFrame } from '../../shared/index.js';
import { frameOf, RecordingScheduler } from '../support/app-harness.js';
import { type DynamoDbLocal, startDynamoDbLocal } from '../support/dynamodb-local.js';
import { FakeStepFunctions } from '../support/fake-step-functions.js';
import { mafia } from '../support/mafia-cli.js';

const TABLE = 'ops-games';
// DynamoDB Local keeps tables per region: the one the test's own client (localDynamoClient) uses.
const REGION = 'local';
const ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:Deadlines';
const FAST = { preset: 'online', timers: { intro: 2, discussion: 2, vote: 2, mafia: 2, night: 2 } };
const HOUR = 3_600_000;

let db: DynamoDbLocal;
let sfn: FakeStepFunctions;
const saved = { ...process.env };
let client: ReturnType<typeof localDynamoClient>;

beforeAll(async () => {
  [db, sfn] = await Promise.all([startDynamoDbLocal(), new FakeStepFunctions().start()]);
  client = localDynamoClient(db.endpoint);
  await createTableIfMissing(client, TABLE);
  // The CLI's clients take their usual configuration: here, the local endpoints.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
    AWS_ENDPOINT_URL_SFN: sfn.endpoint,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}, 180_000);

afterAll(async () => {
  process.env = saved;
  client?.destroy();
  await Promise.all([db?.close(), sfn?.close()]);
});

/** A game started an hour ago on the table, by the backend as it runs on AWS, whose projector never ran. */
async function givenGameStartedAnHourAgo(): Promise<{ gameId: string; app: App; clock: ManualClock }> {
  const clock = new ManualClock(Date.now() - HOUR);
  const fanOut = new MemoryFanOut();
  const app = createApp({
    store: new DynamoEventStore({ client, tableName: TABLE }),
    directory: new DynamoDirectory({ client, tableName: TABLE }),
    deadlines: new DynamoDeadlineBook({ client, tableName: TABLE }),
    heads: new DynamoGameHeads({ client, tableName: TABLE }),
    scheduler: new RecordingScheduler(),
    fanOut,
    meter: new CountingMeter(),
    clock,
    ids: randomIds,
  });
  const send = async (connectionId: string, frame: ClientFrame) => {
    fanOut.open(connectionId);
    return (await app.handleFrame(connectionId, frame)).frames;
  };
  const created = frameOf(await send('host', { action: 'create', settings: FAST, name: 'Hana' }), 'created');
  for (let i = 1; i <= 5; i++) {
    frameOf(await send(`p${i}`, { action: 'join', code: created.code, name: `P${i}` }), 'joined');
  }
  await send('host', { action: 'command', commandId: 'go', command: { type: 'start' } });
  return { gameId: created.gameId, app, clock };
}

/** The deployment's table, and its timers, as the stack's outputs name them. */
const onDeployment = ['--table', TABLE, '--region', REGION];
const withTimers = ['--state-machine', ARN];

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as DeadlineJob & { due: string; lateSeconds: number; seq: number });

describe('mafia stalled and mafia rearm, on DynamoDB Local', () => {
  it('given a game whose deadline passed an hour ago unfired, when listed, then it comes with how late it is', async () => {
    const { gameId } = await givenGameStartedAnHourAgo();
    const r = await mafia('stalled', ...onDeployment);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const hung = lines(r.stdout).find((line) => line.gameId === gameId);
    expect(hung).toMatchObject({ gameId, deadlineId: expect.any(String), seq: expect.any(Number) });
    expect(hung!.lateSeconds).toBeGreaterThan(3000);
    expect(new Date(hung!.due).getTime()).toBe(hung!.at);
  });

  it("given that game, when re-armed with the stack's state machine, then its deadline is in the book and an execution was started for it", async () => {
    const { gameId } = await givenGameStartedAnHourAgo();
    const listed = lines((await mafia('stalled', ...onDeployment)).stdout);
    const hung = listed.find((line) => line.gameId === gameId)!;

    const r = await mafia('rearm', gameId, ...onDeployment, ...withTimers);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ gameId, deadlineId: hung.deadlineId, at: hung.at });
    const started = sfn.executions.filter((e) => e.stateMachineArn === ARN);
    expect(started.map((e) => JSON.parse(e.input))).toContainEqual(
      expect.objectContaining({ gameId, deadlineId: hung.deadlineId }),
    );
    const book = new DynamoDeadlineBook({ client, tableName: TABLE });
    expect(await book.overdue(Date.now(), 2 * HOUR)).toContainEqual({
      gameId,
      deadlineId: hung.deadlineId,
      at: hung.at,
    });
  });

  it('given the timer fires after the re-arm, then the game is no longer listed', async () => {
    const { gameId, app, clock } = await givenGameStartedAnHourAgo();
    const [hung] = lines((await mafia('stalled', ...onDeployment)).stdout).filter(
      (line) => line.gameId === gameId,
    );
    expect((await mafia('rearm', gameId, ...onDeployment, ...withTimers)).status).toBe(0);
    clock.set(Date.now());
    expect(await app.fireDeadline({ gameId, deadlineId: hung.deadlineId, at: hung.at })).toBe('fired');
    const after = lines((await mafia('stalled', ...onDeployment)).stdout);
    expect(after.filter((line) => line.gameId === gameId && line.deadlineId === hung.deadlineId)).toEqual([]);
  });

  it('given no such game, a missing table or no timers named, then it says so and arms nothing', async () => {
    const before = sfn.executions.length;
    const none = await mafia('rearm', 'no-such-game', ...onDeployment, ...withTimers);
    expect(none).toMatchObject({ status: 1, stderr: 'mafia: no game no-such-game\n' });
    expect((await mafia('stalled', '--region', REGION)).stderr).toContain('--table');
    const noTimers = await mafia('rearm', 'g', ...onDeployment);
    expect(noTimers.status).toBe(2);
    expect(noTimers.stderr).toContain('--state-machine');
    expect(sfn.executions.length).toBe(before);
  });

  it("given commits dead-lettered past the stream's record age (nothing booked, no timer), when redriven from the dead letter's first arrival, then the games waiting since are booked and armed again", async () => {
    const firstArrival = new Date(Date.now() - HOUR - 60_000).toISOString();
    const { gameId } = await givenGameStartedAnHourAgo();
    const book = new DynamoDeadlineBook({ client, tableName: TABLE });
    const booked = async () => (await book.overdue(Date.now(), 2 * HOUR)).filter((j) => j.gameId === gameId);
    expect(await booked()).toEqual([]);

    const r = await mafia('redrive', '--since', firstArrival, ...onDeployment, ...withTimers);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const { games, armed } = JSON.parse(r.stdout) as { games: number; armed: number };
    expect(armed).toBe(games);
    expect(games).toBeGreaterThanOrEqual(1);
    expect(await booked()).toHaveLength(1);
    expect(sfn.executions.map((e) => JSON.parse(e.input).gameId)).toContain(gameId);

    // A dead letter from before the game's deadlines concerns other games: a later --since leaves it.
    const later = await mafia(
      'redrive',
      '--since',
      new Date().toISOString(),
      '--table',
      TABLE,
      '--region',
      REGION,
      '--state-machine',
      ARN,
    );
    expect(JSON.parse(later.stdout)).toEqual({ games: 0, armed: 0 });
    expect((await mafia('redrive', '--since', 'yesterday', ...onDeployment, ...withTimers)).status).toBe(2);
  });
});
