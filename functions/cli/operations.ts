import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AppDeps } from '../app/deps.js';
import type { GameHead } from '../ports/game-heads.js';
import type { Scheduler } from '../ports/scheduler.js';

/** Where `mafia rearm` asks for the timer: the stack's deadline service (its outputs name it). */
export type TimerTarget =
  | { kind: 'stepFunctions'; stateMachineArn: string }
  | { kind: 'scheduler'; groupName: string; roleArn: string; targetArn: string };

/**
 * The games of a deployment's table that wait for a deadline past `before`, from the heads' index (not the
 * deadline book), with the SDK's usual configuration (AWS_ENDPOINT_URL_DYNAMODB for a table served
 * elsewhere).
 */
export async function stalledOnDynamo(table: string, region: string, before: number): Promise<GameHead[]> {
  const { DynamoGameHeads } = await import('../adapters/aws/dynamo/game-heads.js');
  return withClient(region, (client) =>
    new DynamoGameHeads({ client, tableName: table }).waitingSince(before),
  );
}

/**
 * One game's pending deadline armed again from its log, as the projector would have: in the table's book,
 * then with the deadline service, and its head written again.
 */
export function rearmOnDynamo(table: string, region: string, gameId: string, timers: TimerTarget) {
  return withOpsApp(table, region, timers, async (deps) => {
    const { rearmGame } = await import('../app/rearm.js');
    return rearmGame(deps, gameId);
  });
}

/** The dead-letter queue's redrive: games whose deadline may have been set by a commit never projected. */
export function redriveOnDynamo(table: string, region: string, since: number, timers: TimerTarget) {
  return withOpsApp(table, region, timers, async (deps) => {
    const { redriveSince } = await import('../app/redrive.js');
    return redriveSince(deps, since);
  });
}

/** The application service on a deployment's table and deadline service, sending no views. */
async function withOpsApp<T>(
  table: string,
  region: string,
  timers: TimerTarget,
  work: (deps: AppDeps) => Promise<T>,
): Promise<T> {
  const [
    { DynamoEventStore },
    { DynamoDirectory },
    { DynamoDeadlineBook },
    { DynamoGameHeads },
    { createApp },
    { systemClock },
    { randomIds },
  ] = await Promise.all([
    import('../adapters/aws/dynamo/event-store.js'),
    import('../adapters/aws/dynamo/directory.js'),
    import('../adapters/aws/dynamo/deadline-book.js'),
    import('../adapters/aws/dynamo/game-heads.js'),
    import('../app/app.js'),
    import('../adapters/system/clock.js'),
    import('../adapters/system/random-ids.js'),
  ]);
  const scheduler = await schedulerFor(timers, region);
  try {
    return await withClient(region, (client) => {
      const tableName = table;
      const app = createApp({
        store: new DynamoEventStore({ client, tableName }),
        directory: new DynamoDirectory({ client, tableName }),
        deadlines: new DynamoDeadlineBook({ client, tableName }),
        heads: new DynamoGameHeads({ client, tableName }),
        scheduler: scheduler.scheduler,
        fanOut: { post: () => Promise.reject(new Error('operations send no views')) },
        meter: { count: () => {} },
        clock: systemClock,
        ids: randomIds,
      });
      return work(app.deps);
    });
  } finally {
    scheduler.close();
  }
}

async function schedulerFor(
  timers: TimerTarget,
  region: string,
): Promise<{ scheduler: Scheduler; close(): void }> {
  if (timers.kind === 'stepFunctions') {
    const [{ SFNClient }, { StepFunctionsScheduler }] = await Promise.all([
      import('@aws-sdk/client-sfn'),
      import('../adapters/aws/sfn/scheduler.js'),
    ]);
    const client = new SFNClient({ region });
    const scheduler = new StepFunctionsScheduler({ client, stateMachineArn: timers.stateMachineArn });
    return { scheduler, close: () => client.destroy() };
  }
  const [{ SchedulerClient }, { EventBridgeScheduler }] = await Promise.all([
    import('@aws-sdk/client-scheduler'),
    import('../adapters/aws/scheduler/scheduler.js'),
  ]);
  const client = new SchedulerClient({ region });
  const { groupName, roleArn, targetArn } = timers;
  const scheduler = new EventBridgeScheduler({ client, groupName, roleArn, targetArn });
  return { scheduler, close: () => client.destroy() };
}

async function withClient<T>(region: string, work: (client: DynamoDBClient) => Promise<T>): Promise<T> {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const client = new DynamoDBClient({ region });
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}
