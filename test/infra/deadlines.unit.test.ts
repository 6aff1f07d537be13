import { Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { Deadlines } from '../../infra/constructs/deadlines.js';
import { arnOf, grantsOf, inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given the deadline state machine invoking a deadline function, started by a scheduler function.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'DeadlinesOnly');
const deadlineHandler = inlineFunction(stack, 'Deadline');
const scheduler = inlineFunction(stack, 'Scheduler');
const deadlines = new Deadlines(stack, 'Deadlines', { deadlineHandler, scheduler });
const template = Template.fromStack(stack);
afterAll(dispose);

/** The definition, parsed, with tokens (partition, function ARN) replaced by `<LogicalId.Attribute>`. */
function definition(): { StartAt: string; States: Record<string, Record<string, unknown>> } {
  const body = new Capture();
  template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
    DefinitionString: { 'Fn::Join': ['', body] },
  });
  const text = (body.asArray() as unknown[])
    .map((part) =>
      typeof part === 'string'
        ? part
        : `<${Object.values(part as object)
            .flat()
            .join('.')}>`,
    )
    .join('');
  return JSON.parse(text);
}

describe('Deadlines', () => {
  const { StartAt, States } = definition();

  it('then is a standard state machine', () => {
    template.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', { StateMachineType: 'STANDARD' });
  });

  it('then first waits until the timestamp at $.at', () => {
    const wait = States[StartAt]!;
    expect(wait).toMatchObject({ Type: 'Wait', TimestampPath: '$.at' });
    expect(Object.keys(States)).toHaveLength(2);
  });

  it('then invokes the deadline function with the whole execution input and ends', () => {
    const task = States[States[StartAt]!.Next as string]!;
    expect(task).toMatchObject({ Type: 'Task', End: true, Parameters: { 'Payload.$': '$' } });
    expect(task.Resource).toContain(':states:::lambda:invoke');
    expect(JSON.stringify(task.Parameters)).toContain(logicalId(deadlineHandler));
  });

  it('then retries Lambda service errors and throttling with exponential backoff', () => {
    const task = States[States[StartAt]!.Next as string]!;
    const retries = task.Retry as { ErrorEquals: string[]; BackoffRate: number; MaxAttempts: number }[];
    const retried = retries.flatMap((retry) => retry.ErrorEquals);
    expect(retried).toEqual(
      expect.arrayContaining([
        'Lambda.ServiceException',
        'Lambda.SdkClientException',
        'Lambda.TooManyRequestsException',
      ]),
    );
    for (const retry of retries) {
      expect(retry.BackoffRate).toBeGreaterThan(1);
      expect(retry.MaxAttempts).toBeGreaterThan(1);
    }
  });

  it('then lets the state machine invoke the deadline function', () => {
    expect(grantsOf(template, deadlines.stateMachine)).toContainEqual({
      action: 'lambda:InvokeFunction',
      resource: arnOf(deadlineHandler),
    });
  });

  it('then lets the scheduler start executions and tells it the state machine ARN', () => {
    expect(grantsOf(template, scheduler)).toContainEqual({
      action: 'states:StartExecution',
      resource: { Ref: logicalId(deadlines.stateMachine) },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { STATE_MACHINE_ARN: { Ref: logicalId(deadlines.stateMachine) } } },
    });
    expect(grantsOf(template, deadlineHandler).map((g) => g.action)).not.toContain('states:StartExecution');
  });

  it('then traces executions with X-Ray and logs failed ones, with their input, to its own log group', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: {
        Level: 'ERROR',
        IncludeExecutionData: true,
        Destinations: [
          {
            CloudWatchLogsLogGroup: {
              LogGroupArn: { 'Fn::GetAtt': [logicalId(deadlines.logGroup), 'Arn'] },
            },
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });

  it('then offers its failed, timed-out and throttled executions and throttled starts to alarm on', () => {
    const names = deadlines.alarmSignals.map((signal) => stack.resolve(signal.metric.toMetricConfig()));
    const metricNames = names.map((config) => config.metricStat?.metricName);
    expect(metricNames).toEqual([
      'ExecutionsFailed',
      'ExecutionsTimedOut',
      'ExecutionThrottled',
      'ThrottledEvents',
    ]);
    expect(new Set(deadlines.alarmSignals.map((signal) => signal.id)).size).toBe(4);
  });
});
