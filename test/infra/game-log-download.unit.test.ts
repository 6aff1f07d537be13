import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameLogDownload } from '../../infra/constructs/game-log-download.js';
import { WebHosting } from '../../infra/constructs/web-hosting.js';
import { arnOf, fixtureHandlersDir, grantsOf, logicalId, tempApp } from './support/cdk.js';

// Given the download function built from its fixture entry next to the events table (bundling skipped).
const { app, dispose } = tempApp();
const stack = new Stack(app, 'GameLogOnly');
const { table } = new EventsTable(stack, 'Events');
const download = new GameLogDownload(stack, 'GameLog', {
  entry: join(fixtureHandlersDir, 'game-log.ts'),
  table,
});
const template = Template.fromStack(stack);
afterAll(dispose);

describe('GameLogDownload', () => {
  it('then serves the function at a public function URL that any page may call with a bearer header', () => {
    template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'NONE',
      TargetFunctionArn: arnOf(download.handler),
      // Streamed: a buffered answer stops at 6 MB, and a week-long forum game's log may be more.
      InvokeMode: 'RESPONSE_STREAM',
      Cors: {
        AllowOrigins: ['*'],
        AllowMethods: Match.arrayEquals(['GET', 'POST']),
        AllowHeaders: ['authorization'],
        MaxAge: 3600,
      },
    });
  });

  it('then keeps 20 executions for the download, which also caps it: a flood of the public URL cannot starve the game', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ READ_LINK_TTL_DAYS: Match.anyValue() }) },
      ReservedConcurrentExecutions: 20,
    });
  });

  it('then lets the function only read the table: a get for the tokens and a query for the log', () => {
    const actions = grantsOf(template, download.handler)
      .filter((grant) => grant.action.startsWith('dynamodb:'))
      .map((grant) => {
        expect(grant.resource).toEqual(arnOf(table));
        return grant.action;
      })
      .sort();
    expect(actions).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
  });

  it('then gives it the table name and where the read-only links key is, never the key: it reads the secret at run time', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: { Ref: logicalId(table) },
          REPLAY_LINK_KEY_SECRET: { Ref: logicalId(download.linkKey) },
        }),
      },
    });
    const functions = JSON.stringify(template.findResources('AWS::Lambda::Function'));
    expect(functions).not.toContain('resolve:secretsmanager');
    expect(functions).not.toContain('REPLAY_LINK_KEY"');
    const reads = grantsOf(template, download.handler).filter((grant) =>
      grant.action.startsWith('secretsmanager:'),
    );
    expect(reads.map((grant) => grant.action).sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    for (const grant of reads) expect(grant.resource).toEqual({ Ref: logicalId(download.linkKey) });
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
  });

  it('then lets read-only links open their game for 30 days, or as long as the deployment says', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ READ_LINK_TTL_DAYS: '30' }) },
    });
    const other = tempApp();
    try {
      const scratch = new Stack(other.app, 'ShortLinks');
      new GameLogDownload(scratch, 'GameLog', {
        entry: join(fixtureHandlersDir, 'game-log.ts'),
        table: new EventsTable(scratch, 'Events').table,
        readLinkTtl: Duration.days(7),
      });
      Template.fromStack(scratch).hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ READ_LINK_TTL_DAYS: '7' }) },
      });
    } finally {
      other.dispose();
    }
  });

  it('given the site, then the PWA finds the URL in config.json beside the socket', () => {
    const site = tempApp();
    try {
      const withWeb = new Stack(site.app, 'WithWeb');
      const events = new EventsTable(withWeb, 'Events');
      const logs = new GameLogDownload(withWeb, 'GameLog', {
        entry: join(fixtureHandlersDir, 'game-log.ts'),
        table: events.table,
      });
      new WebHosting(withWeb, 'Web', {
        webDistDir: fixtureHandlersDir,
        wsUrl: 'wss://socket.example',
        logUrl: logs.url.url,
      });
      const markers = new Capture();
      Template.fromStack(withWeb).hasResourceProperties('Custom::CDKBucketDeployment', {
        SourceMarkers: markers,
      });
      expect(JSON.stringify(markers.asArray())).toContain(
        JSON.stringify({ 'Fn::GetAtt': [logicalId(logs.url), 'FunctionUrl'] }),
      );
    } finally {
      site.dispose();
    }
  });
});
