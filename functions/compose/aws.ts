import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ApiGatewayFanOut } from '../adapters/aws/apigw/fan-out.js';
import { DynamoDirectory } from '../adapters/aws/dynamo/directory.js';
import { DynamoEventStore } from '../adapters/aws/dynamo/event-store.js';
import { StepFunctionsScheduler } from '../adapters/aws/sfn/scheduler.js';
import { systemClock } from '../adapters/system/clock.js';
import { randomIds } from '../adapters/system/random-ids.js';
import { type App, createApp } from '../app/app.js';
import type { FanOut } from '../ports/fan-out.js';
import type { Scheduler } from '../ports/scheduler.js';

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** One client per container, reused across invocations (the SDK keeps its sockets alive). */
let dynamo: DynamoDBClient | undefined;
const dynamoClient = () => {
  dynamo ??= new DynamoDBClient({});
  return dynamo;
};

export function directoryFromEnv(env: Env = process.env): DynamoDirectory {
  return new DynamoDirectory({ client: dynamoClient(), tableName: required(env, 'TABLE_NAME') });
}

/** A port this function was given no configuration for: using it is a deployment mistake, said loudly. */
function missing<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => () =>
      Promise.reject(new Error(`${name} is not set for this function (${String(property)})`)),
  });
}

/**
 * The application service on AWS: DynamoDB for the log and the directory, API Gateway's management API to
 * reach sockets (WS_ENDPOINT), Step Functions for deadlines (STATE_MACHINE_ARN). Functions that are not
 * given WS_ENDPOINT or STATE_MACHINE_ARN get a port that refuses to be used.
 */
export function appFromEnv(env: Env = process.env): { app: App; fanOut: FanOut } {
  const tableName = required(env, 'TABLE_NAME');
  const fanOut = env.WS_ENDPOINT
    ? ApiGatewayFanOut.forEndpoint(env.WS_ENDPOINT)
    : missing<FanOut>('WS_ENDPOINT');
  const scheduler = env.STATE_MACHINE_ARN
    ? StepFunctionsScheduler.forStateMachine(env.STATE_MACHINE_ARN)
    : missing<Scheduler>('STATE_MACHINE_ARN');
  const app = createApp({
    store: new DynamoEventStore({ client: dynamoClient(), tableName }),
    directory: directoryFromEnv(env),
    fanOut,
    scheduler,
    clock: systemClock,
    ids: randomIds,
  });
  return { app, fanOut };
}
