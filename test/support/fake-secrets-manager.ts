import { FakeAwsService, type FakeRequest, type Reply } from './fake-aws-service.js';

/**
 * Just enough of Secrets Manager's JSON protocol (awsJson1_1, `X-Amz-Target: secretsmanager.<Op>`) for a
 * function that reads its configuration: GetSecretValue of secrets set with `put`, counting the reads that
 * reached a secret.
 */
export class FakeSecretsManager {
  readonly reads: string[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly service = new FakeAwsService('application/x-amz-json-1.1', (request, reply) =>
    this.answer(request, reply),
  );

  get endpoint(): string {
    return this.service.endpoint;
  }

  async start(): Promise<this> {
    await this.service.start();
    return this;
  }

  /** The next call fails with this error type, before the secret is looked up. */
  failNext(type: string, status = 400): void {
    this.service.failNext(type, status);
  }

  /** Sets the secret's current value, as `aws secretsmanager put-secret-value` does. */
  put(secretId: string, value: string): void {
    this.secrets.set(secretId, value);
  }

  private answer(request: FakeRequest, reply: Reply): void {
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

  close(): Promise<void> {
    return this.service.close();
  }
}
