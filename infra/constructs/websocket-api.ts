import { Duration, Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Grant, ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * Client messages a room sends per second, averaged over a game with headroom: a counted ten-player hour
 * (docs/scale.md) sends about 0.15 (commands, joins, syncs, pings every 5 minutes); votes arrive together.
 */
export const MESSAGES_PER_ROOM_PER_SECOND = 0.25;
/** Bursts (a vote called in many rooms at once) may reach this multiple of the steady rate. */
export const BURST_FACTOR = 2;

export interface GameWebSocketApiProps {
  readonly connectHandler: LambdaFunction;
  readonly disconnectHandler: LambdaFunction;
  readonly defaultHandler: LambdaFunction;
  /** Functions that send frames to connections; each gets WS_ENDPOINT and the right to post. */
  readonly posters: readonly LambdaFunction[];
  readonly stageName?: string;
  /** Rooms playing at once that the stage must carry (default 10,000); sizes the throttle. */
  readonly targetRooms?: number;
  /** Steady-state messages per second for the whole stage; derived from targetRooms unless set. */
  readonly throttleRateLimit?: number;
  readonly throttleBurstLimit?: number;
  /**
   * API Gateway writes access logs only with an account-wide CloudWatch role (one per account and region,
   * shared by every API of the account). Off by default: a stack must not take over a setting of the whole
   * account. `accountRoleExists` writes the logs with the role the account already has; `setAccountRole`
   * sets that role from this stack (for an account of its own).
   */
  readonly accessLogs?: AccessLogs;
  /** Origins whose pages may open sockets (more with `allowOrigins`); `$connect` refuses other pages. */
  readonly allowedOrigins?: readonly string[];
}

export type AccessLogs = 'off' | 'accountRoleExists' | 'setAccountRole';

/** The players' socket: every client message goes to `$default`, which routes on `action` itself. */
export class GameWebSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** Where the stage writes its access log, when it does (see `accessLogs`). */
  readonly accessLogs?: LogGroup;
  private readonly origins: string[];

  constructor(scope: Construct, id: string, props: GameWebSocketApiProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: {
        integration: new WebSocketLambdaIntegration('ConnectIntegration', props.connectHandler),
      },
      disconnectRouteOptions: {
        integration: new WebSocketLambdaIntegration('DisconnectIntegration', props.disconnectHandler),
      },
      defaultRouteOptions: {
        integration: new WebSocketLambdaIntegration('DefaultIntegration', props.defaultHandler),
      },
    });
    const logs = props.accessLogs ?? 'off';
    if (logs !== 'off') {
      this.accessLogs = new LogGroup(this, 'AccessLogs', {
        retention: RetentionDays.TWO_WEEKS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
    }
    const rateLimit =
      props.throttleRateLimit ?? Math.ceil((props.targetRooms ?? 10_000) * MESSAGES_PER_ROOM_PER_SECOND);
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName ?? 'prod',
      autoDeploy: true,
      throttle: { rateLimit, burstLimit: props.throttleBurstLimit ?? rateLimit * BURST_FACTOR },
      accessLogSettings:
        this.accessLogs === undefined
          ? undefined
          : { destination: new LogGroupLogDestination(this.accessLogs), format: accessLogFormat },
    });
    if (logs === 'setAccountRole') this.stage.node.addDependency(this.accountLogRole());
    for (const fn of props.posters) {
      this.grantPost(fn);
      fn.addEnvironment('WS_ENDPOINT', this.managementEndpoint);
    }
    // The $connect handler refuses a browser page of any other origin (functions/middleware/origin-check.ts).
    this.origins = [...(props.allowedOrigins ?? [])];
    props.connectHandler.addEnvironment(
      'ALLOWED_ORIGINS',
      Lazy.string({ produce: () => this.origins.join(',') }),
    );
  }

  /** Lets pages of these origins open sockets too: the site, once it exists (it needs the socket's URL). */
  allowOrigins(...origins: string[]): void {
    this.origins.push(...origins);
  }

  /** The `wss://` URL clients open. */
  get url(): string {
    return this.stage.url;
  }

  /** The `https://` URL of the @connections management API for this stage. */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }

  /** Posting to this stage's connections, and nothing else: no GET of a connection, no DELETE of one. */
  private grantPost(fn: LambdaFunction): Grant {
    const apiArn = Stack.of(this).formatArn({ service: 'execute-api', resource: this.api.apiId });
    return Grant.addToPrincipal({
      grantee: fn,
      actions: ['execute-api:ManageConnections'],
      resourceArns: [`${apiArn}/${this.stage.stageName}/POST/@connections/*`],
    });
  }

  private accountLogRole(): CfnAccount {
    const role = new Role(this, 'AccountLogRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
      maxSessionDuration: Duration.hours(1),
    });
    return new CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
  }
}

/** One JSON line per connect, message and disconnect: who, which route, how it ended, how long it took. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTimeEpoch',
    eventType: '$context.eventType',
    routeKey: '$context.routeKey',
    connectionId: '$context.connectionId',
    status: '$context.status',
    integrationStatus: '$context.integrationStatus',
    integrationLatency: '$context.integrationLatency',
    error: '$context.error.messageString',
    ip: '$context.identity.sourceIp',
  }),
);
