import { Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { GameWebSocketApi, type GameWebSocketApiProps } from '../../infra/constructs/websocket-api.js';
import { grantsOf, inlineFunction, logicalId, tempApp } from './support/cdk.js';

// Given the socket API wired to three route functions, the default one also posting, plus a projector, and
// two origins allowed to open sockets (one given, one added once the site exists).
const { app, dispose } = tempApp();
const stack = new Stack(app, 'SocketOnly');
const connect = inlineFunction(stack, 'Connect');
const disconnect = inlineFunction(stack, 'Disconnect');
const defaultRoute = inlineFunction(stack, 'DefaultRoute');
const projector = inlineFunction(stack, 'Projector');
const socket = new GameWebSocketApi(stack, 'Socket', {
  connectHandler: connect,
  disconnectHandler: disconnect,
  defaultHandler: defaultRoute,
  posters: [defaultRoute, projector],
  allowedOrigins: ['https://play.example'],
  accessLogs: 'setAccountRole',
});
socket.allowOrigins('https://club.example');
const template = Template.fromStack(stack);
const apiRef = { Ref: logicalId(socket.api) };
afterAll(dispose);

describe('GameWebSocketApi', () => {
  it('then is a WebSocket API routing on the action field of the message body', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
  });

  it('then has exactly the $connect, $disconnect and $default routes', () => {
    const routes = template.findResources('AWS::ApiGatewayV2::Route');
    const keys = Object.values(routes).map((route) => route.Properties.RouteKey);
    expect(keys.sort()).toEqual(['$connect', '$default', '$disconnect']);
  });

  it('then sends each route to its own function through a Lambda proxy integration', () => {
    for (const [routeKey, fn] of [
      ['$connect', connect],
      ['$disconnect', disconnect],
      ['$default', defaultRoute],
    ] as const) {
      const integrationId = new Capture();
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] },
      });
      const integration = template.toJSON().Resources[integrationId.asString()];
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      expect(integration.Properties).toMatchObject({ ApiId: apiRef, IntegrationType: 'AWS_PROXY' });
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(logicalId(fn));
    }
    template.resourceCountIs('AWS::Lambda::Permission', 3);
  });

  it('then deploys a prod stage automatically, throttled for 10,000 rooms', () => {
    // 10,000 rooms × 0.25 messages a second, bursts of twice that.
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: apiRef,
      StageName: 'prod',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 2500, ThrottlingBurstLimit: 5000 },
    });
  });

  it('then writes a JSON access log line per connect, message and disconnect to its own log group', () => {
    const format = new Capture();
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [logicalId(socket.accessLogs!), 'Arn'] },
        Format: format,
      },
    });
    const fields = JSON.parse(format.asString()) as Record<string, string>;
    expect(fields).toMatchObject({
      requestId: '$context.requestId',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      connectionId: '$context.connectionId',
      status: '$context.status',
      integrationStatus: '$context.integrationStatus',
      error: '$context.error.messageString',
    });
  });

  it('then gives API Gateway the account role it needs to write those logs, before the stage exists', () => {
    const role = new Capture();
    template.hasResourceProperties('AWS::ApiGateway::Account', {
      CloudWatchRoleArn: { 'Fn::GetAtt': [role, 'Arn'] },
    });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [Match.objectLike({ Principal: { Service: 'apigateway.amazonaws.com' } })],
      },
      ManagedPolicyArns: [
        {
          'Fn::Join': [
            '',
            Match.arrayWith([':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs']),
          ],
        },
      ],
    });
    template.hasResource('AWS::ApiGatewayV2::Stage', {
      DependsOn: Match.arrayWith([Match.stringLikeRegexp('SocketAccount')]),
    });
    expect(role.asString()).toMatch(/AccountLogRole/);
  });

  it('then lets the posters, and only them, manage connections of this API', () => {
    for (const fn of [defaultRoute, projector]) {
      const grant = grantsOf(template, fn).find((g) => g.action === 'execute-api:ManageConnections');
      expect(grant).toBeDefined();
      expect(JSON.stringify(grant!.resource)).toContain(logicalId(socket.api));
      // POST only (no GET or DELETE of a connection), and only on this stage.
      expect(JSON.stringify(grant!.resource)).toContain('/prod/POST/@connections/*');
    }
    for (const fn of [connect, disconnect]) {
      expect(grantsOf(template, fn).map((g) => g.action)).not.toContain('execute-api:ManageConnections');
    }
  });

  it('then gives the posters, and only them, the https management endpoint of the stage', () => {
    const endpoint = new Capture();
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { WS_ENDPOINT: endpoint } },
    });
    const url = JSON.stringify(endpoint.asObject());
    expect(url).toContain('https://');
    expect(url).toContain(logicalId(socket.api));
    expect(url).toMatch(/\/prod"/);
    const withEndpoint = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { WS_ENDPOINT: Match.anyValue() } } },
    });
    expect(Object.keys(withEndpoint).sort()).toEqual([logicalId(defaultRoute), logicalId(projector)].sort());
  });

  it('then tells the $connect function, and only it, which origins may open sockets', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { ALLOWED_ORIGINS: 'https://play.example,https://club.example' } },
    });
    const withOrigins = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { ALLOWED_ORIGINS: Match.anyValue() } } },
    });
    expect(Object.keys(withOrigins)).toEqual([logicalId(connect)]);
  });

  it('given a target of 2,000 rooms, then the throttle follows it', () => {
    const scratchTemplate = scratchSocket({ targetRooms: 2000 });
    scratchTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
    });
  });

  it('given nothing said about access logs, then the account-wide log role is left alone and the stage writes none', () => {
    const scratchTemplate = scratchSocket({});
    scratchTemplate.resourceCountIs('AWS::ApiGateway::Account', 0);
    const apiGatewayRoles = scratchTemplate.findResources('AWS::IAM::Role', {
      Properties: {
        AssumeRolePolicyDocument: {
          Statement: [Match.objectLike({ Principal: { Service: 'apigateway.amazonaws.com' } })],
        },
      },
    });
    expect(Object.keys(apiGatewayRoles)).toEqual([]);
    scratchTemplate.resourceCountIs('AWS::Logs::LogGroup', 0);
    scratchTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', { AccessLogSettings: Match.absent() });
  });

  it("given the account's own log role, then the stage writes its access log without touching the account", () => {
    const scratchTemplate = scratchSocket({ accessLogs: 'accountRoleExists' });
    scratchTemplate.resourceCountIs('AWS::ApiGateway::Account', 0);
    scratchTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });

  it('given custom throttling and stage name, when synthesized, then the stage uses them', () => {
    scratchSocket({
      stageName: 'test',
      throttleRateLimit: 50,
      throttleBurstLimit: 100,
    }).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'test',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });
});

/** The template of a socket API of its own, one function on every route, built with these settings. */
function scratchSocket(settings: Partial<GameWebSocketApiProps>): Template {
  const other = tempApp();
  try {
    const scratch = new Stack(other.app, 'Scratch');
    const fn = inlineFunction(scratch, 'Fn');
    new GameWebSocketApi(scratch, 'Socket', {
      connectHandler: fn,
      disconnectHandler: fn,
      defaultHandler: fn,
      posters: [],
      ...settings,
    });
    return Template.fromStack(scratch);
  } finally {
    other.dispose();
  }
}
