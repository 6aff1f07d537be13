import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameHandlers } from '../../infra/constructs/handlers.js';
import { arnOf, fixtureHandlersDir, grantsOf, logicalId, tempApp } from './support/cdk.js';

// Given the six handlers built from fixture entries next to the events table (bundling skipped).
const { app, dispose } = tempApp();
const stack = new Stack(app, 'HandlersOnly');
const { table } = new EventsTable(stack, 'Events');
const handlers = new GameHandlers(stack, 'Handlers', { handlersDir: fixtureHandlersDir, table });
const template = Template.fromStack(stack);
const functions = template.findResources('AWS::Lambda::Function');
afterAll(dispose);

describe('GameHandlers', () => {
  it('then creates exactly the six handler functions', () => {
    template.resourceCountIs('AWS::Lambda::Function', 6);
    expect(handlers.all).toHaveLength(6);
  });

  it('then runs each on Node.js 22 on ARM with the handler export of an ESM bundle', () => {
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
  });

  it('then gives each the table name it uses and the Powertools service and namespace, no source maps', () => {
    for (const fn of handlers.all) {
      const variables = functions[logicalId(fn)]!.Properties.Environment.Variables;
      expect(variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'sleeping-city',
        POWERTOOLS_METRICS_NAMESPACE: 'SleepingCity',
      });
      expect(variables.NODE_OPTIONS).toBeUndefined();
      expect(variables.TABLE_NAME).toEqual(fn === handlers.connect ? undefined : { Ref: logicalId(table) });
    }
  });

  it('then traces every function with X-Ray', () => {
    template.allResourcesProperties('AWS::Lambda::Function', { TracingConfig: { Mode: 'Active' } });
  });

  it('then reserves concurrency for the projector, the deadline function and the one sweeper only', () => {
    const reserved = (fn: (typeof handlers.all)[number]) =>
      functions[logicalId(fn)]!.Properties.ReservedConcurrentExecutions;
    expect(reserved(handlers.projector)).toBe(100);
    expect(reserved(handlers.deadline)).toBe(50);
    expect(reserved(handlers.sweeper)).toBe(1);
    for (const fn of [handlers.connect, handlers.disconnect, handlers.defaultRoute]) {
      expect(reserved(fn)).toBeUndefined();
    }
  });

  it('then sizes the fan-out projector larger and longer than the request handlers', () => {
    const sizing = (fn: (typeof handlers.all)[number]) => {
      const { MemorySize, Timeout } = functions[logicalId(fn)]!.Properties;
      return { MemorySize, Timeout };
    };
    expect(sizing(handlers.projector)).toEqual({ MemorySize: 1024, Timeout: 60 });
    expect(sizing(handlers.defaultRoute).Timeout).toBeLessThan(29);
    for (const fn of [handlers.connect, handlers.disconnect, handlers.deadline]) {
      expect(sizing(fn).Timeout).toBeLessThanOrEqual(10);
    }
  });

  it('then sends each function to its own log group kept for a month', () => {
    const logGroups = template.findResources('AWS::Logs::LogGroup', { Properties: { RetentionInDays: 30 } });
    const used = handlers.all.map((fn) => functions[logicalId(fn)]!.Properties.LoggingConfig.LogGroup.Ref);
    expect(new Set(used).size).toBe(6);
    expect(Object.keys(logGroups).sort()).toEqual([...used].sort());
  });

  it('then gives each handler exactly the table actions its code issues, and connect none', () => {
    const tableActions = (fn: (typeof handlers.all)[number]) => [
      ...new Set(
        grantsOf(template, fn)
          .filter((grant) => grant.action.startsWith('dynamodb:'))
          .map((grant) => {
            // The table, and its index for queries.
            expect(JSON.stringify(grant.resource)).toContain(logicalId(table));
            return grant.action.replace('dynamodb:', '');
          })
          .sort(),
      ),
    ];
    expect(tableActions(handlers.connect)).toEqual([]);
    expect(tableActions(handlers.disconnect)).toEqual(['DeleteItem', 'GetItem', 'Query', 'UpdateItem']);
    const all = ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'];
    for (const fn of [handlers.defaultRoute, handlers.projector, handlers.deadline, handlers.sweeper]) {
      expect(tableActions(fn)).toEqual(all);
    }
  });

  it("then lets the projector put only deadline book items and delete no deadline, by the items' partition keys", () => {
    const narrowed = JSON.stringify(template.findResources('AWS::IAM::Policy')).match(
      /dynamodb:LeadingKeys/g,
    );
    expect(narrowed).toHaveLength(2);
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('Projector') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'dynamodb:PutItem',
            Resource: arnOf(table),
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['DUE#*'] } },
          }),
          Match.objectLike({
            Action: 'dynamodb:DeleteItem',
            Condition: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONN#*', 'GAME#*', 'ROOM#*', 'PUSH#*'] },
            },
          }),
        ]),
      },
    });
    // Nobody else's put or delete is narrowed, and the projector has no unconditioned put or delete.
    const projectorPolicies = JSON.stringify(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: [{ Ref: Match.stringLikeRegexp('Projector') }] },
      }),
    );
    expect(projectorPolicies.match(/"dynamodb:PutItem"/g)).toHaveLength(1);
    expect(projectorPolicies.match(/"dynamodb:DeleteItem"/g)).toHaveLength(1);
  });

  it('then allows no Scan, batch or wildcard table action to anyone', () => {
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    for (const action of ['Scan', 'BatchWriteItem', 'BatchGetItem', 'dynamodb:*']) {
      expect(policies).not.toContain(action);
    }
  });

  it('given a handlers folder without the entry files, when constructed, then it names the missing file', () => {
    const other = tempApp();
    const scratch = new Stack(other.app, 'Scratch');
    const events = new EventsTable(scratch, 'Events');
    expect(
      () => new GameHandlers(scratch, 'Handlers', { handlersDir: '/nowhere', table: events.table }),
    ).toThrow(/nowhere\/connect\.ts/);
    other.dispose();
  });

  it('then runs the sweeper every minute, without the rule retrying a sweep the next minute repeats', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [logicalId(handlers.sweeper), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 0 },
        }),
      ],
    });
  });
});
