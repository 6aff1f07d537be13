import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Alarms,
  POST_FAILURES_ALARMED,
  SOCKET_CLIENT_ERRORS_ALARMED,
} from '../../infra/constructs/alarms.js';
import { Deadlines } from '../../infra/constructs/deadlines.js';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameWebSocketApi } from '../../infra/constructs/websocket-api.js';
import { inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given two functions, a projector, a dead-letter queue, Step Functions deadlines, a socket stage and the
// table to watch, and an address to mail.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'AlarmsOnly');
const first = inlineFunction(stack, 'First');
const projector = inlineFunction(stack, 'ProjectorFn');
const deadLetterQueue = new Queue(stack, 'DeadLetters');
const deadlines = new Deadlines(stack, 'Deadlines', { deadlineHandler: first, scheduler: projector });
const socket = new GameWebSocketApi(stack, 'Socket', {
  connectHandler: first,
  disconnectHandler: first,
  defaultHandler: first,
  posters: [],
});
const { table } = new EventsTable(stack, 'Events');
const alarms = new Alarms(stack, 'Alarms', {
  functions: { first, projector },
  projector,
  deadLetterQueue,
  deadlines,
  stage: socket.stage,
  table,
  email: 'ops@example.com',
});
const template = Template.fromStack(stack);
const topicRef = { Ref: logicalId(alarms.topic) };
afterAll(dispose);

const fiveMinutes = 300;
const stageDimensions = Match.arrayWith([
  { Name: 'ApiId', Value: { Ref: logicalId(socket.api) } },
  { Name: 'Stage', Value: Match.anyValue() },
]);

describe('Alarms', () => {
  it('then alarms on any error and any throttle of each function within five minutes', () => {
    for (const fn of [first, projector]) {
      for (const MetricName of ['Errors', 'Throttles']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/Lambda',
          MetricName,
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(fn) } }],
          Statistic: 'Sum',
          Period: fiveMinutes,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
      }
    }
  });

  it('then alarms when the projector falls a minute behind the table stream', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(projector) } }],
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 60_000,
    });
  });

  it('then alarms on the $default handler answering `internal`, from its own EMF metric', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'SleepingCity',
      MetricName: 'CommandFailed',
      Dimensions: [{ Name: 'service', Value: 'sleeping-city' }],
      Statistic: 'Sum',
      Threshold: 1,
    });
  });

  it('then alarms when the sweeper had to fire a lost deadline', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'SleepingCity',
      MetricName: 'DeadlineRearmed',
      Threshold: 1,
    });
  });

  it('then alarms as soon as one message waits in the dead-letter queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(deadLetterQueue), 'QueueName'] } }],
      Statistic: 'Maximum',
      Period: fiveMinutes,
      Threshold: 1,
    });
  });

  it('then alarms on failed, timed-out and throttled deadline executions and throttled starts', () => {
    const machine = [{ Name: 'StateMachineArn', Value: { Ref: logicalId(deadlines.stateMachine) } }];
    for (const MetricName of ['ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionThrottled']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/States',
        MetricName,
        Dimensions: machine,
        Threshold: 1,
      });
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/States',
      MetricName: 'ThrottledEvents',
      Dimensions: [{ Name: 'APIName', Value: 'StartExecution' }],
      Threshold: 1,
    });
  });

  it('then alarms on API Gateway integration and execution errors of the stage', () => {
    for (const MetricName of ['IntegrationError', 'ExecutionError']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/ApiGateway',
        MetricName,
        Dimensions: stageDimensions,
        Statistic: 'Sum',
        Threshold: 1,
      });
    }
  });

  it('then alarms on DynamoDB system errors and throttles summed over every operation the handlers use', () => {
    const dynamoAlarms = Object.values(
      template.findResources('AWS::CloudWatch::Alarm', {
        Properties: { AlarmDescription: Match.stringLikeRegexp('DynamoDB') },
      }),
    );
    expect(dynamoAlarms).toHaveLength(2);
    const text = JSON.stringify(dynamoAlarms);
    for (const operation of ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query']) {
      expect(text).toContain(`"Value":"${operation}"`);
    }
    expect(text).toContain('"MetricName":"SystemErrors"');
    expect(text).toContain('"MetricName":"ThrottledRequests"');
    expect(text).not.toContain('Scan');
  });

  it('then alarms on failed projections, failed posts and commands that gave up racing, from their EMF metrics', () => {
    for (const [MetricName, Threshold] of [
      ['ProjectionFailed', 1],
      ['PostFailed', POST_FAILURES_ALARMED],
      ['RaceGaveUp', 1],
    ] as const) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'SleepingCity',
        MetricName,
        Dimensions: [{ Name: 'service', Value: 'sleeping-city' }],
        Statistic: 'Sum',
        Period: fiveMinutes,
        Threshold,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('then alarms when no sweep completed for five minutes, a missing heartbeat counting as a breach', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'SleepingCity',
      MetricName: 'SweepCompleted',
      Statistic: 'Sum',
      Period: fiveMinutes,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  });

  it('then alarms as soon as the sweeper counts one stalled game', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'SleepingCity',
      MetricName: 'StalledGames',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it("then alarms on the stage's refused messages (its 429s) and on the account's claimed concurrency", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: 'ClientError',
      Dimensions: stageDimensions,
      Statistic: 'Sum',
      Threshold: SOCKET_CLIENT_ERRORS_ALARMED,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'ClaimedAccountConcurrency',
      Dimensions: Match.absent(),
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 800,
    });
  });

  it('then has exactly these alarms, each described, notifying the topic on alarm and on recovery', () => {
    // 2 per function, 4 application/stream ones, 3 failure counts, the heartbeat and the stalled games,
    // 4 deadline ones, 3 socket ones, the account's concurrency, 2 table ones.
    expect(alarms.alarms).toHaveLength(2 * 2 + 4 + 3 + 2 + 4 + 3 + 1 + 2);
    template.resourceCountIs('AWS::CloudWatch::Alarm', alarms.alarms.length);
    template.allResourcesProperties('AWS::CloudWatch::Alarm', {
      EvaluationPeriods: 1,
      TreatMissingData: Match.anyValue(),
      AlarmActions: [topicRef],
      OKActions: [topicRef],
      AlarmDescription: Match.stringLikeRegexp('.+'),
    });
  });

  it('given an email, then subscribes it to the alarm topic', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: topicRef,
    });
  });
});
