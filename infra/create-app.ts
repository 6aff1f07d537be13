import { fileURLToPath } from 'node:url';
import { App, type AppProps, Duration } from 'aws-cdk-lib';
import { parseOrigins } from '../functions/app/origin.js';
import { SleepingCityStack } from './stack.js';

export const stackName = 'SleepingCity';
export const handlersDir = fileURLToPath(new URL('../functions/handlers', import.meta.url));
export const webDistDir = fileURLToPath(new URL('../web/dist', import.meta.url));

/** The deployable app. Tests build it in-process with their own context (e.g. bundling skipped). */
export function createApp(props: AppProps = {}): { app: App; stack: SleepingCityStack } {
  const app = new App({
    ...props,
    context: {
      // A template CloudFormation would reject fails the synth, not the deploy ten minutes later.
      '@aws-cdk/core:validateAgainstDefaultRules': true,
      ...props.context,
    },
  });
  const alarmEmail: unknown = app.node.tryGetContext('alarmEmail');
  const deadlines: unknown = app.node.tryGetContext('deadlines');
  if (deadlines !== undefined && deadlines !== 'stepFunctions' && deadlines !== 'scheduler') {
    throw new Error(`-c deadlines=${String(deadlines)}: use stepFunctions (the default) or scheduler`);
  }
  const targetRooms = Number(app.node.tryGetContext('targetRooms') ?? 10_000);
  if (!Number.isInteger(targetRooms) || targetRooms < 1) {
    throw new Error('-c targetRooms=N: N is the number of rooms playing at once, a positive integer');
  }
  const allowedOrigins: unknown = app.node.tryGetContext('allowedOrigins');
  if (allowedOrigins !== undefined && typeof allowedOrigins !== 'string') {
    throw new Error(
      '-c allowedOrigins=https://a.example,https://b.example: a comma-separated list of origins',
    );
  }
  const readLinkTtlDays = Number(app.node.tryGetContext('readLinkTtlDays') ?? 30);
  if (!Number.isInteger(readLinkTtlDays) || readLinkTtlDays < 1) {
    throw new Error(
      '-c readLinkTtlDays=N: N is how many days a read-only link opens its game, a positive integer',
    );
  }
  const apiAccessLogs: unknown = app.node.tryGetContext('apiAccessLogs') ?? 'off';
  if (
    apiAccessLogs !== 'off' &&
    apiAccessLogs !== 'accountRoleExists' &&
    apiAccessLogs !== 'setAccountRole'
  ) {
    throw new Error(
      `-c apiAccessLogs=${String(apiAccessLogs)}: use off (the default), accountRoleExists or setAccountRole`,
    );
  }
  const accountConcurrency = Number(app.node.tryGetContext('accountConcurrency') ?? 1000);
  if (!Number.isInteger(accountConcurrency) || accountConcurrency < 1) {
    throw new Error('-c accountConcurrency=N: N is the Lambda concurrency quota of the account, an integer');
  }
  const stack = new SleepingCityStack(app, stackName, {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    description: 'Sleeping City: WebSocket game backend, event log, phase timers and the PWA',
    handlersDir,
    webDistDir,
    alarmEmail: typeof alarmEmail === 'string' && alarmEmail !== '' ? alarmEmail : undefined,
    deadlineService: deadlines,
    targetRooms,
    allowedOrigins: parseOrigins(allowedOrigins ?? ''),
    readLinkTtl: Duration.days(readLinkTtlDays),
    apiAccessLogs,
    accountConcurrency,
  });
  return { app, stack };
}
