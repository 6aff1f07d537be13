import { Stack } from 'aws-cdk-lib';
import { Capture, Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { Metric } from '../../functions/observability/metric-names.js';
import { GameDashboard } from '../../infra/constructs/dashboard.js';
import { Deadlines } from '../../infra/constructs/deadlines.js';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameWebSocketApi } from '../../infra/constructs/websocket-api.js';
import { inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given the dashboard over a function, a projector, Step Functions deadlines, a socket and the table.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'DashboardOnly');
const handler = inlineFunction(stack, 'Handler');
const projector = inlineFunction(stack, 'ProjectorFn');
const deadlines = new Deadlines(stack, 'Deadlines', { deadlineHandler: handler, scheduler: projector });
const socket = new GameWebSocketApi(stack, 'Socket', {
  connectHandler: handler,
  disconnectHandler: handler,
  defaultHandler: handler,
  posters: [],
});
const { table } = new EventsTable(stack, 'Events');
new GameDashboard(stack, 'Dashboard', {
  functions: { handler, projector },
  projector,
  deadLetterQueue: new Queue(stack, 'DeadLetters'),
  deadlines,
  stage: socket.stage,
  table,
});
const template = Template.fromStack(stack);
afterAll(dispose);

/** The dashboard body with each token replaced by the logical id it refers to. */
function body(): string {
  const parts = new Capture();
  template.hasResourceProperties('AWS::CloudWatch::Dashboard', {
    DashboardBody: { 'Fn::Join': ['', parts] },
  });
  return (parts.asArray() as unknown[])
    .map((part) => (typeof part === 'string' ? part : JSON.stringify(part).replace(/"/g, "'")))
    .join('');
}

describe('GameDashboard', () => {
  const text = body();

  it('then is one dashboard', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('then graphs every application metric the handlers emit', () => {
    for (const name of Object.values(Metric)) expect(text).toContain(`"${name}"`);
  });

  it('then graphs each function, the stream lag, the socket, the table and the deadline timers', () => {
    for (const name of ['Invocations', 'Errors', 'Throttles', 'Duration', 'IteratorAge']) {
      expect(text).toContain(`"${name}"`);
    }
    for (const fn of [handler, projector]) expect(text).toContain(logicalId(fn));
    for (const name of ['MessageCount', 'ConnectCount', 'IntegrationError', 'ClientError']) {
      expect(text).toContain(`"${name}"`);
    }
    for (const name of ['ConsumedWriteCapacityUnits', 'ConditionalCheckFailedRequests']) {
      expect(text).toContain(`"${name}"`);
    }
    expect(text).toContain('"ExecutionsStarted"');
    expect(text).toContain('"ApproximateNumberOfMessagesVisible"');
  });
});
