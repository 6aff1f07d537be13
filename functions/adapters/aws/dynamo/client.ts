import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * A client for a DynamoDB-compatible server on this machine (dynalite, DynamoDB Local). Such servers accept
 * any credentials; fixed ones keep the SDK from searching the environment and the instance metadata service.
 */
export function localDynamoClient(endpoint: string, options: { maxSockets?: number } = {}): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestHandler: { httpAgent: { keepAlive: true, maxSockets: options.maxSockets ?? 50 } },
  });
}

/** Plain JS values in and out; undefined attributes are left out rather than rejected. */
export function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
