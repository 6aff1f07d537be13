import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameHandlers } from '../../infra/constructs/handlers.js';
import { arnOf, fixtureHandlersDir, grantsOf, logicalId, tempApp } from './support/cdk.js';

// Given the five handlers built from fixture entries next to the events table (bundling skipped).
const { app, dispose } = tempApp();
const stack = new Stack(app, 'HandlersOnly');
const { table } = new EventsTable(stack, 'Events');
const handlers = new GameHandlers(stack, 'Handlers', { handlersDir: fixtureHandlersDir, table });
const template = Template.fromStack(stack);
const functions = template.findResources('AWS::Lambda::Function');
afterAll(dispose);

describe('GameHandlers', () => {
  it('then creates exactly the five handler functions', () => {
    template.resourceCountIs('AWS::Lambda::Function', 5);
    expect(handlers.all).toHaveLength(5);
  });

  it('then runs each on Node.js 22 on ARM with the handler export of an ESM bundle', () => {
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
  });

  it('then gives each the table name and source-mapped stack traces', () => {
    template.allResourcesProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: { Ref: logicalId(table) },
          NODE_OPTIONS: '--enable-source-maps',
        }),
      },
    });
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
    expect(new Set(used).size).toBe(5);
    expect(Object.keys(logGroups).sort()).toEqual([...used].sort());
  });

  it('then lets every handler read and append to the table', () => {
    const tableArn = arnOf(table);
    for (const fn of handlers.all) {
      const grants = grantsOf(template, fn);
      for (const action of [
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:GetItem',
        'dynamodb:DeleteItem',
      ]) {
        expect(grants).toContainEqual({ action, resource: tableArn });
      }
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
});
