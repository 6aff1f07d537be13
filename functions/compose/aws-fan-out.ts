import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { ApiGatewayFanOut, fanOutRetries } from '../adapters/aws/apigw/fan-out.js';
import { traced } from '../adapters/aws/powertools.js';
import { type Env, required } from './aws.js';

/** Posts to the sockets of the stage in WS_ENDPOINT (the $default handler and the projector). */
export function fanOutFromEnv(env: Env = process.env): ApiGatewayFanOut {
  const client = new ApiGatewayManagementApiClient({
    endpoint: required(env, 'WS_ENDPOINT'),
    ...fanOutRetries,
  });
  return new ApiGatewayFanOut(traced(client));
}
