import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import {
  STALL_AT_ATTRIBUTE,
  STALL_INDEX,
  STALL_SHARD_ATTRIBUTE,
  TTL_ATTRIBUTE,
} from '../../functions/adapters/aws/dynamo/keys.js';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { tempApp } from './support/cdk.js';

// Given a stack holding only the events table, synthesized once for every test below.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'TableOnly');
new EventsTable(stack, 'Events');
const template = Template.fromStack(stack);
afterAll(dispose);

describe('EventsTable', () => {
  it('then has one table keyed by pk (partition) and sk (sort), both strings', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ]),
    });
  });

  it('then bills on demand and keeps point-in-time recovery on', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('then streams new images and expires items on expiresAt', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('then expires items on the attribute the adapters write on room codes, connections and deadlines', () => {
    const attribute = new Capture();
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: attribute, Enabled: true },
    });
    expect(attribute.asString()).toBe(TTL_ATTRIBUTE);
  });

  it('then has one secondary index, on the waiting game heads only, sharded: no key takes every commit', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      GlobalSecondaryIndexes: [
        {
          IndexName: STALL_INDEX,
          KeySchema: [
            { AttributeName: STALL_SHARD_ATTRIBUTE, KeyType: 'HASH' },
            { AttributeName: STALL_AT_ATTRIBUTE, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['gameId', 'deadlineId', 'seq'] },
        },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: STALL_SHARD_ATTRIBUTE, AttributeType: 'S' },
        { AttributeName: STALL_AT_ATTRIBUTE, AttributeType: 'N' },
      ],
    });
  });

  it('then is retained when the stack is deleted or the table replaced, and protected from deletion', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });

  it('given an explicit removal policy, when synthesized, then that policy applies', () => {
    const other = tempApp();
    const scratch = new Stack(other.app, 'Scratch');
    new EventsTable(scratch, 'Events', { removalPolicy: RemovalPolicy.DESTROY });
    Template.fromStack(scratch).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    other.dispose();
  });
});
