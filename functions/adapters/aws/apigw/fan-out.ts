import {
  ApiGatewayManagementApiClient,
  type ApiGatewayManagementApiClientConfig,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerFrame } from '../../../../shared/index.js';
import type { FanOut, PostResult } from '../../../ports/fan-out.js';

const encoder = new TextEncoder();

/**
 * How a post is retried: by the SDK's standard strategy, which waits an exponential, jittered while after
 * a throttle (429) or a server error (5xx) or a dropped connection, up to four tries in all. A 403 (a
 * connection of another stage, a revoked right) is not retried.
 */
export const fanOutRetries = { maxAttempts: 4, retryMode: 'standard' } as const;

/**
 * Posts frames through API Gateway's management API (`POST /@connections/{id}`). A 410 means the socket is
 * gone; every other failure, once retried, is thrown: the caller counts it and goes on with the others.
 */
export class ApiGatewayFanOut implements FanOut {
  constructor(private readonly client: ApiGatewayManagementApiClient) {}

  /** `endpoint` is the stage's callback URL, `https://{api}.execute-api.{region}.amazonaws.com/{stage}`. */
  static forEndpoint(
    endpoint: string,
    config: Omit<ApiGatewayManagementApiClientConfig, 'endpoint'> = {},
  ): ApiGatewayFanOut {
    return new ApiGatewayFanOut(new ApiGatewayManagementApiClient({ ...fanOutRetries, ...config, endpoint }));
  }

  async post(connectionId: string, frame: ServerFrame, text?: string): Promise<PostResult> {
    try {
      await this.client.send(
        new PostToConnectionCommand({
          ConnectionId: connectionId,
          Data: encoder.encode(text ?? JSON.stringify(frame)),
        }),
      );
      return 'sent';
    } catch (error) {
      if (isGone(error)) return 'gone';
      throw error;
    }
  }
}

function isGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'GoneException' || status === 410;
}
