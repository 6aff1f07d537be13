import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { FakeAwsService, type FakeRequest, type Reply } from './fake-aws-service.js';

/**
 * Just enough of Secrets Manager's JSON protocol (awsJson1_1, `X-Amz-Target: secretsmanager.<Op>`) for a
 * function that reads its configuration: GetSecretValue of secrets set with `put`, counting the reads that
 * reached a secret. `failNext` makes the next call fail with a given error type.
 */
export class FakeSecretsManager extends FakeAwsService {
  readonly reads: string[] = [];
  private readonly secrets = new Map<string, string>();

  constructor() {
    super('application/x-amz-json-1.1');
  }

  /** The real SDK client pointed at this fake, trying each call once. */
  client(): SecretsManagerClient {
    return new SecretsManagerClient({
      endpoint: this.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
  }

  /** Sets the secret's current value, as `aws secretsmanager put-secret-value` does. */
  put(secretId: string, value: string): void {
    this.secrets.set(secretId, value);
  }

  protected handle(request: FakeRequest, reply: Reply): void {
    const target = String(request.headers['x-amz-target'] ?? '');
    if (target !== 'secretsmanager.GetSecretValue')
      return reply(
        400,
        { __type: 'UnknownOperationException', message: target },
        'UnknownOperationException',
      );
    const { SecretId } = JSON.parse(request.body || '{}') as { SecretId?: string };
    this.reads.push(SecretId ?? '');
    const value = SecretId === undefined ? undefined : this.secrets.get(SecretId);
    if (value === undefined) {
      const message = "Secrets Manager can't find the specified secret.";
      return reply(400, { __type: 'ResourceNotFoundException', message }, 'ResourceNotFoundException');
    }
    reply(200, { ARN: SecretId, Name: SecretId, SecretString: value, VersionId: 'v1' });
  }
}
