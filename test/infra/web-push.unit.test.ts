import { Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { Alarms } from '../../infra/constructs/alarms.js';
import { Deadlines } from '../../infra/constructs/deadlines.js';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { FAILED_PUSHES_THRESHOLD, WebPush } from '../../infra/constructs/web-push.js';
import { GameWebSocketApi } from '../../infra/constructs/websocket-api.js';
import { grantsOf, inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given Web Push for a $default function and a projector, beside a function that has nothing to do with it,
// and the alarms watching what the push construct signals.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'PushOnly');
const defaultRoute = inlineFunction(stack, 'DefaultFn');
const projector = inlineFunction(stack, 'ProjectorFn');
const bystander = inlineFunction(stack, 'DeadlineFn');
const push = new WebPush(stack, 'Push', { keyReaders: [defaultRoute, projector] });
const deadlines = new Deadlines(stack, 'Deadlines', { deadlineHandler: bystander, scheduler: projector });
const socket = new GameWebSocketApi(stack, 'Socket', {
  connectHandler: bystander,
  disconnectHandler: bystander,
  defaultHandler: defaultRoute,
  posters: [],
});
new Alarms(stack, 'Alarms', {
  functions: {},
  projector,
  deadLetterQueue: new Queue(stack, 'DeadLetters'),
  deadlines,
  stage: socket.stage,
  table: new EventsTable(stack, 'Events').table,
  signals: push.alarmSignals,
});
const template = Template.fromStack(stack);
const secretRef = { Ref: logicalId(push.secret) };
afterAll(dispose);

describe('WebPush', () => {
  it('then keeps one secret for the VAPID keys, made without them, described for whoever puts them in', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    const description = new Capture();
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: description,
      GenerateSecretString: Match.objectLike({}),
    });
    expect(description.asString()).toMatch(/publicKey.*privateKey.*subject/);
    expect(description.asString()).toContain('docs/deploy.md');
  });

  it('then tells the $default function and the projector where the keys are, and no other function', () => {
    const variables = (fn: typeof bystander) =>
      template.toJSON().Resources[logicalId(fn)].Properties.Environment?.Variables ?? {};
    for (const fn of [defaultRoute, projector]) expect(variables(fn).VAPID_SECRET_ARN).toEqual(secretRef);
    expect(variables(bystander).VAPID_SECRET_ARN).toBeUndefined();
  });

  it('then lets those two read the secret and nothing more, and no other function touch it', () => {
    for (const fn of [defaultRoute, projector]) {
      const onSecret = grantsOf(template, fn).filter(
        (grant) => JSON.stringify(grant.resource) === JSON.stringify(secretRef),
      );
      expect(onSecret.map((grant) => grant.action).sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
    }
    const touches = grantsOf(template, bystander).filter((grant) =>
      grant.action.startsWith('secretsmanager:'),
    );
    expect(touches).toEqual([]);
  });

  it('then alarms when failed pushes reach the threshold within five minutes', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'SleepingCity',
      MetricName: 'PushFailed',
      Dimensions: [{ Name: 'service', Value: 'sleeping-city' }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: FAILED_PUSHES_THRESHOLD,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmDescription: Match.stringLikeRegexp('push'),
    });
  });
});
