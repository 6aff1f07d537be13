import { Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { Projector } from '../../infra/constructs/projector.js';
import { arnOf, grantsOf, inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given the projector function attached to the events table's stream.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'ProjectorOnly');
const { table } = new EventsTable(stack, 'Events');
const fn = inlineFunction(stack, 'ProjectorFn');
const projector = new Projector(stack, 'Projector', { projector: fn, table });
const template = Template.fromStack(stack);
const streamArn = { 'Fn::GetAtt': [logicalId(table), 'StreamArn'] };
afterAll(dispose);

describe('Projector', () => {
  it('then maps the table stream to the projector from the latest record', () => {
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: streamArn,
      FunctionName: { Ref: logicalId(fn) },
      StartingPosition: 'LATEST',
    });
  });

  it('then takes batches of 100, ten at a time per shard, and drops records older than ten minutes', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 100,
      ParallelizationFactor: 10,
      MaximumRecordAgeInSeconds: 600,
    });
  });

  it('then lets only inserted commit items through the filter', () => {
    const pattern = new Capture();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: { Filters: [{ Pattern: pattern }] },
    });
    expect(JSON.parse(pattern.asString())).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { kind: { S: ['commit'] } } },
    });
  });

  it('then bisects failing batches, retries, and reports single failed records', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('then sends records it gave up on to an SQS dead-letter queue kept for 14 days', () => {
    template.resourceCountIs('AWS::SQS::Queue', 1);
    template.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      DestinationConfig: { OnFailure: { Destination: arnOf(projector.deadLetterQueue) } },
    });
    expect(grantsOf(template, fn)).toContainEqual({
      action: 'sqs:SendMessage',
      resource: arnOf(projector.deadLetterQueue),
    });
  });

  it('then lets the projector read the stream', () => {
    const grants = grantsOf(template, fn);
    for (const action of ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']) {
      expect(grants).toContainEqual({ action, resource: streamArn });
    }
  });

  it('then refuses plain-HTTP access to the dead-letter queue', () => {
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('given a batch size and retry count, when synthesized, then the mapping uses them', () => {
    const other = tempApp();
    const scratch = new Stack(other.app, 'Scratch');
    const events = new EventsTable(scratch, 'Events');
    new Projector(scratch, 'Projector', {
      projector: inlineFunction(scratch, 'Fn'),
      table: events.table,
      batchSize: 50,
      retryAttempts: 2,
    });
    Template.fromStack(scratch).hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 50,
      MaximumRetryAttempts: 2,
    });
    other.dispose();
  });
});
