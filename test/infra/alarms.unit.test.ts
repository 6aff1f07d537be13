import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, Pass, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { afterAll, describe, expect, it } from 'vitest';
import { Alarms } from '../../infra/constructs/alarms.js';
import { inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given two functions, a dead-letter queue and a state machine to watch, and an address to mail.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'AlarmsOnly');
const first = inlineFunction(stack, 'First');
const second = inlineFunction(stack, 'Second');
const deadLetterQueue = new Queue(stack, 'DeadLetters');
const stateMachine = new StateMachine(stack, 'Machine', {
  definitionBody: DefinitionBody.fromChainable(new Pass(stack, 'Nothing')),
});
const alarms = new Alarms(stack, 'Alarms', {
  functions: { first, second },
  deadLetterQueue,
  stateMachine,
  email: 'ops@example.com',
});
const template = Template.fromStack(stack);
const topicRef = { Ref: logicalId(alarms.topic) };
afterAll(dispose);

const fiveMinutes = 300;

describe('Alarms', () => {
  it('then has one alarm per function plus the dead-letter queue and the state machine', () => {
    template.resourceCountIs('AWS::CloudWatch::Alarm', 4);
    expect(alarms.alarms).toHaveLength(4);
  });

  it('then alarms on any function error within five minutes', () => {
    for (const fn of [first, second]) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(fn) } }],
        Statistic: 'Sum',
        Period: fiveMinutes,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('then alarms as soon as one message waits in the dead-letter queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(deadLetterQueue), 'QueueName'] } }],
      Statistic: 'Maximum',
      Period: fiveMinutes,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('then alarms on any failed state machine execution', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/States',
      MetricName: 'ExecutionsFailed',
      Dimensions: [{ Name: 'StateMachineArn', Value: { Ref: logicalId(stateMachine) } }],
      Statistic: 'Sum',
      Period: fiveMinutes,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('then treats missing data as healthy and notifies the topic on alarm and on recovery', () => {
    template.allResourcesProperties('AWS::CloudWatch::Alarm', {
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
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

  it('given no email, then creates the topic without subscriptions', () => {
    const other = tempApp();
    const scratch = new Stack(other.app, 'Scratch');
    new Alarms(scratch, 'Alarms', {
      functions: { only: inlineFunction(scratch, 'Only') },
      deadLetterQueue: new Queue(scratch, 'Queue'),
      stateMachine: new StateMachine(scratch, 'Machine', {
        definitionBody: DefinitionBody.fromChainable(new Pass(scratch, 'Nothing')),
      }),
    });
    const scratchTemplate = Template.fromStack(scratch);
    scratchTemplate.resourceCountIs('AWS::SNS::Topic', 1);
    scratchTemplate.resourceCountIs('AWS::SNS::Subscription', 0);
    scratchTemplate.resourceCountIs('AWS::CloudWatch::Alarm', 3);
    other.dispose();
  });
});
