import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import type { Deadlines } from '../../infra/constructs/deadlines.js';
import { SleepingCityStack } from '../../infra/stack.js';
import { arnOf, fixtureHandlersDir, grantsOf, logicalId, tempApp } from './support/cdk.js';

// Given the whole stack built from the fixture handlers and a stand-in web build, validated against the
// CloudFormation schema (a finding fails the synth), synthesized once for every test below.
const distDir = mkdtempSync(join(tmpdir(), 'sleeping-city-dist-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Sleeping City</title>');
const { app, outdir, dispose } = tempApp({ validate: true });
const stack = new SleepingCityStack(app, 'SleepingCity', {
  handlersDir: fixtureHandlersDir,
  webDistDir: distDir,
  alarmEmail: 'ops@example.com',
});
const template = Template.fromStack(stack);
const { connect, disconnect, defaultRoute, projector, deadline } = stack.handlers;
const { table } = stack.events;
const { stateMachine } = stack.deadlines as Deadlines;
afterAll(() => {
  dispose();
  rmSync(distDir, { recursive: true, force: true });
});

const environmentOf = (fn: typeof connect): Record<string, unknown> =>
  template.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;

describe('SleepingCityStack', () => {
  it('then passes the CloudFormation schema validation', () => {
    const reportFile = join(outdir, 'validation-report.json');
    expect(existsSync(reportFile)).toBe(true);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      pluginReports: { conclusion: string }[];
    };
    for (const plugin of report.pluginReports) expect(plugin.conclusion).toBe('success');
  });

  it('then gives each function exactly the environment its job needs', () => {
    const names = (fn: typeof connect) => Object.keys(environmentOf(fn)).sort();
    const powertools = ['POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME'];
    const base = [...powertools, 'TABLE_NAME'];
    expect(names(connect)).toEqual(['ALLOWED_ORIGINS', ...powertools]);
    expect(names(disconnect)).toEqual([...base, 'WS_ENDPOINT'].sort());
    // Those that can end a game sign its log (LogSigningKey).
    expect(names(deadline)).toEqual([...base, 'LOG_SIGNING_KEY_SECRET'].sort());
    expect(names(defaultRoute)).toEqual(
      [...base, 'LOG_SIGNING_KEY_SECRET', 'VAPID_SECRET_ARN', 'WS_ENDPOINT'].sort(),
    );
    expect(names(projector)).toEqual(
      [...base, 'STATE_MACHINE_ARN', 'VAPID_SECRET_ARN', 'WS_ENDPOINT'].sort(),
    );
  });

  it('then points those variables at the table, socket stage and state machine of the stack', () => {
    const env = environmentOf(projector);
    expect(env.TABLE_NAME).toEqual({ Ref: logicalId(table) });
    expect(env.STATE_MACHINE_ARN).toEqual({ Ref: logicalId(stateMachine) });
    expect(JSON.stringify(env.WS_ENDPOINT)).toContain(logicalId(stack.socket.api));
    expect(environmentOf(defaultRoute).WS_ENDPOINT).toEqual(env.WS_ENDPOINT);
  });

  it("then lets pages of the site's CloudFront address, and no other site, open sockets", () => {
    const origins = new Capture();
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { ALLOWED_ORIGINS: origins } },
    });
    expect(origins.asObject()).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution), 'DomainName'] }]],
    });
    expect(environmentOf(connect).ALLOWED_ORIGINS).toEqual(origins.asObject());
  });

  it('given a custom domain in front of the site, then its pages may open sockets too', () => {
    const other = tempApp();
    const withDomain = new SleepingCityStack(other.app, 'WithDomain', {
      handlersDir: fixtureHandlersDir,
      webDistDir: distDir,
      allowedOrigins: ['https://play.example'],
    });
    const env = Template.fromStack(withDomain).toJSON().Resources[logicalId(withDomain.handlers.connect)]
      .Properties.Environment.Variables as Record<string, unknown>;
    expect(env.ALLOWED_ORIGINS).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          { 'Fn::GetAtt': [logicalId(withDomain.web.distribution), 'DomainName'] },
          ',https://play.example',
        ],
      ],
    });
    other.dispose();
  });

  it('then lets the default route append and query the log and post to connections', () => {
    const grants = grantsOf(template, defaultRoute);
    expect(grants).toContainEqual({ action: 'dynamodb:PutItem', resource: arnOf(table) });
    expect(grants).toContainEqual({ action: 'dynamodb:Query', resource: arnOf(table) });
    expect(grants.map((grant) => grant.action)).toContain('execute-api:ManageConnections');
  });

  it('then lets the projector read the stream, post to connections and start deadlines', () => {
    const actions = grantsOf(template, projector).map((grant) => grant.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetRecords',
        'execute-api:ManageConnections',
        'states:StartExecution',
      ]),
    );
  });

  it('then lets disconnect post (a spectator who left is counted out for his table) and no other start deadlines', () => {
    expect(grantsOf(template, disconnect).map((grant) => grant.action)).toContain(
      'execute-api:ManageConnections',
    );
    expect(grantsOf(template, disconnect).map((grant) => grant.action)).not.toContain(
      'states:StartExecution',
    );
  });

  it('then keeps connect and the deadline function from posting and only the projector starts deadlines', () => {
    for (const fn of [connect, deadline]) {
      const actions = grantsOf(template, fn).map((grant) => grant.action);
      expect(actions).not.toContain('execute-api:ManageConnections');
      expect(actions).not.toContain('states:StartExecution');
    }
    expect(grantsOf(template, defaultRoute).map((grant) => grant.action)).not.toContain(
      'states:StartExecution',
    );
  });

  it('then wires the table stream to the projector and the state machine to the deadline function', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(table), 'StreamArn'] },
      FunctionName: { Ref: logicalId(projector) },
    });
    expect(grantsOf(template, stateMachine)).toContainEqual({
      action: 'lambda:InvokeFunction',
      resource: arnOf(deadline),
    });
  });

  it('then routes $connect, $disconnect and $default to their handlers', () => {
    for (const [routeKey, fn] of [
      ['$connect', connect],
      ['$disconnect', disconnect],
      ['$default', defaultRoute],
    ] as const) {
      const integration = new Capture();
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: integration }]] },
      });
      const uri = template.toJSON().Resources[integration.asString()].Properties.IntegrationUri;
      expect(uri['Fn::Join'][1]).toContainEqual(arnOf(fn));
    }
  });

  it('then writes the socket URL of this stack into the deployed config.json', () => {
    const keys = new Capture();
    const markers = new Capture();
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceObjectKeys: keys,
      SourceMarkers: markers,
    });
    const configDir = join(outdir, `asset.${(keys.asArray()[1] as string).replace(/\.zip$/, '')}`);
    const { wsUrl } = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { wsUrl: string };
    // The bucket deployment swaps each marker for its deploy-time value: rebuild that as a Fn::Join.
    const values = markers.asArray()[1] as Record<string, unknown>;
    const parts = wsUrl.split(/(<<marker:0xbaba:\d+>>)/).filter((part) => part !== '');
    const joined = parts.map((part) => values[part] ?? part);
    expect({ 'Fn::Join': ['', joined] }).toEqual(stack.resolve(stack.socket.url));
  });

  it('then watches every handler, the stream, the deadlines, the socket and the table, mailing the given address', () => {
    template.resourceCountIs('AWS::CloudWatch::Alarm', stack.alarms.alarms.length);
    for (const fn of [...stack.handlers.all, stack.gameLog.handler]) {
      for (const MetricName of ['Errors', 'Throttles']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          MetricName,
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(fn) } }],
        });
      }
    }
    for (const MetricName of [
      'IteratorAge',
      'CommandFailed',
      'ExecutionsFailed',
      'IntegrationError',
      'PushFailed',
    ]) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName });
    }
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('then alarms on the first receipt that could not be signed at a game end within five minutes', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'SleepingCity',
      MetricName: 'SealFailed',
      Dimensions: [{ Name: 'service', Value: 'sleeping-city' }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmDescription: Match.stringLikeRegexp('receipt could not be signed'),
      AlarmActions: [{ Ref: logicalId(stack.alarms.topic) }],
    });
  });

  it('then alarms on the game-log function and graphs its errors, throttles and duration like the others', () => {
    const gameLog = stack.gameLog.handler;
    for (const MetricName of ['Errors', 'Throttles']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName,
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(gameLog) } }],
        AlarmDescription: Match.stringLikeRegexp('^The gameLog function'),
        AlarmActions: [{ Ref: logicalId(stack.alarms.topic) }],
      });
    }
    // The dashboard's body with each reference written out as the logical id it names.
    const parts = new Capture();
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', {
      DashboardBody: { 'Fn::Join': ['', parts] },
    });
    const text = (parts.asArray() as unknown[])
      .map((part) => (typeof part === 'string' ? part : ((part as { Ref?: string }).Ref ?? '')))
      .join('');
    const { widgets } = JSON.parse(text) as {
      widgets: { properties: { title?: string; metrics?: unknown[][] } }[];
    };
    const functionsIn = (title: string) =>
      widgets
        .find((widget) => widget.properties.title === title)
        ?.properties.metrics?.filter((metric) => metric[0] === 'AWS/Lambda')
        .map((metric) => `${metric[1]} ${metric[metric.indexOf('FunctionName') + 1]}`);
    for (const fn of [...stack.handlers.all, gameLog]) {
      const id = logicalId(fn);
      expect(functionsIn('Errors (left) and throttles (right)')).toEqual(
        expect.arrayContaining([`Errors ${id}`, `Throttles ${id}`]),
      );
      expect(functionsIn('Duration p99 (ms)')).toContain(`Duration ${id}`);
    }
  });

  it('then outputs the web URL, the socket URL, the table name, the alarm topic and the VAPID secret', () => {
    template.hasOutput('WebUrl', { Value: { 'Fn::Join': ['', ['https://', Match.anyValue()]] } });
    template.hasOutput('WebSocketUrl', { Value: { 'Fn::Join': ['', Match.arrayWith(['wss://'])] } });
    template.hasOutput('TableName', { Value: { Ref: logicalId(table) } });
    template.hasOutput('AlarmTopicArn', { Value: { Ref: logicalId(stack.alarms.topic) } });
    template.hasOutput('VapidSecretArn', { Value: { Ref: logicalId(stack.push.secret) } });
    // What `mafia rearm` and `mafia redrive` arm timers with.
    template.hasOutput('DeadlineStateMachineArn', { Value: { Ref: logicalId(stateMachine) } });
  });

  it('then retains the table and nothing else holds data that outlives a teardown', () => {
    const resources = Object.entries(
      template.toJSON().Resources as Record<string, { DeletionPolicy?: string }>,
    );
    const retained = resources
      .filter(([, resource]) => resource.DeletionPolicy === 'Retain')
      .map(([id]) => id);
    expect(retained).toEqual([logicalId(table)]);
  });

  it('given -c deadlines=scheduler, then phase timers run on EventBridge Scheduler and no state machine exists', () => {
    const other = tempApp();
    const scheduled = new SleepingCityStack(other.app, 'Scheduled', {
      handlersDir: fixtureHandlersDir,
      webDistDir: distDir,
      deadlineService: 'scheduler',
    });
    const scheduledTemplate = Template.fromStack(scheduled);
    scheduledTemplate.resourceCountIs('AWS::StepFunctions::StateMachine', 0);
    scheduledTemplate.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const env = scheduledTemplate.toJSON().Resources[logicalId(scheduled.handlers.projector)].Properties
      .Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(['SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'DEADLINE_FUNCTION_ARN']),
    );
    expect(env.STATE_MACHINE_ARN).toBeUndefined();
    for (const MetricName of ['TargetErrorCount', 'InvocationDroppedCount']) {
      scheduledTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName });
    }
    for (const output of ['DeadlineScheduleGroup', 'DeadlineSchedulerRoleArn', 'DeadlineFunctionArn']) {
      scheduledTemplate.hasOutput(output, { Value: Match.anyValue() });
    }
    other.dispose();
  });
});
