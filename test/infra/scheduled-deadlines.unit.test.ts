import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { ScheduledDeadlines } from '../../infra/constructs/scheduled-deadlines.js';
import { arnOf, grantsOf, inlineFunction, tempApp } from './support/cdk.js';

// Given EventBridge Scheduler deadlines invoking a deadline function, created by a scheduler function.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'ScheduledDeadlinesOnly');
const deadlineHandler = inlineFunction(stack, 'Deadline');
const scheduler = inlineFunction(stack, 'Scheduler');
const deadlines = new ScheduledDeadlines(stack, 'Deadlines', { deadlineHandler, scheduler });
const template = Template.fromStack(stack);
afterAll(dispose);

const groupName = stack.resolve(deadlines.group.scheduleGroupName) as string;

describe('ScheduledDeadlines', () => {
  it('then creates one schedule group and no state machine', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.resourceCountIs('AWS::StepFunctions::StateMachine', 0);
    // The application creates the schedules, one per deadline; none exists at deploy time.
    template.resourceCountIs('AWS::Scheduler::Schedule', 0);
  });

  it('then lets EventBridge Scheduler, and only it, assume a role that may invoke the deadline function', () => {
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 'sts:AssumeRole',
            Principal: { Service: 'scheduler.amazonaws.com' },
            // Only on behalf of this account's schedules.
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ],
      },
    });
    const actions = grantsOf(template, deadlines.invokeRole);
    expect(actions.map((grant) => grant.action)).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunction']);
    expect(actions[0]!.resource).toEqual(arnOf(deadlineHandler));
  });

  it('then lets the scheduler function create schedules in the group and pass the role, nothing more', () => {
    const grants = grantsOf(template, scheduler);
    expect(grants.map((grant) => grant.action).sort()).toEqual(['iam:PassRole', 'scheduler:CreateSchedule']);
    const create = grants.find((grant) => grant.action === 'scheduler:CreateSchedule')!;
    expect(JSON.stringify(create.resource)).toContain(`:schedule/${groupName}/*`);
    expect(grants.find((grant) => grant.action === 'iam:PassRole')!.resource).toEqual(
      arnOf(deadlines.invokeRole),
    );
    expect(grantsOf(template, deadlineHandler)).toEqual([]);
  });

  it('then tells the scheduler function the group, the role and the target', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          SCHEDULE_GROUP: groupName,
          SCHEDULER_ROLE_ARN: arnOf(deadlines.invokeRole),
          DEADLINE_FUNCTION_ARN: arnOf(deadlineHandler),
        },
      },
    });
  });

  it('then offers failed, dropped and throttled invocations of the group to alarm on', () => {
    const configs = deadlines.alarmSignals.map((signal) => stack.resolve(signal.metric.toMetricConfig()));
    expect(configs.map((config) => config.metricStat?.metricName)).toEqual([
      'TargetErrorCount',
      'InvocationDroppedCount',
      'TargetErrorThrottledCount',
    ]);
    for (const config of configs) {
      expect(config.metricStat?.namespace).toBe('AWS/Scheduler');
      expect(config.metricStat?.dimensions).toEqual([{ name: 'ScheduleGroup', value: groupName }]);
    }
  });
});
