import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface GameWebSocketApiProps {
  readonly connectHandler: LambdaFunction;
  readonly disconnectHandler: LambdaFunction;
  readonly defaultHandler: LambdaFunction;
  /** Functions that send frames to connections; each gets WS_ENDPOINT and the right to post. */
  readonly posters: readonly LambdaFunction[];
  readonly stageName?: string;
  /** Steady-state messages per second for the whole stage. */
  readonly throttleRateLimit?: number;
  readonly throttleBurstLimit?: number;
}

/** The players' socket: every client message goes to `$default`, which routes on `action` itself. */
export class GameWebSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

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
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName ?? 'prod',
      autoDeploy: true,
      throttle: {
        rateLimit: props.throttleRateLimit ?? 1000,
        burstLimit: props.throttleBurstLimit ?? 2000,
      },
    });
    for (const fn of props.posters) {
      this.api.grantManageConnections(fn);
      fn.addEnvironment('WS_ENDPOINT', this.managementEndpoint);
    }
  }

  /** The `wss://` URL clients open. */
  get url(): string {
    return this.stage.url;
  }

  /** The `https://` URL of the @connections management API for this stage. */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }
}
