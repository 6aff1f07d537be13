import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { Metric as AppMetric } from '../../functions/observability/metric-names.js';
import type { AlarmSignal } from './alarm-signal.js';
import { appMetric } from './alarms.js';

export interface LogSigningKeyProps {
  /**
   * The functions that sign logs: those that can end a game (the receipt recorded at its end: $default,
   * the deadline function, the sweeper) and the download (the seal of each log it sends). Each may read
   * the secret, nothing more, and finds it by LOG_SIGNING_KEY_SECRET.
   */
  readonly signers: readonly LambdaFunction[];
}

/**
 * The deployment's log signing key (Ed25519): a generated Secrets Manager secret whose value is the key's
 * seed material (functions/adapters/aws/secrets/log-key-secret.ts), read at run time, once per container,
 * and in no function's configuration. Its public half is published by the download at `/api/log-key`.
 * A new secret value is a new key: seals made before verify only with the key published before.
 */
export class LogSigningKey extends Construct {
  readonly secret: Secret;
  /** A game ended and its receipt could not be signed: the key is unreadable where games end. */
  readonly alarmSignals: readonly AlarmSignal[];

  constructor(scope: Construct, id: string, props: LogSigningKeyProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Seed of the Ed25519 key that signs game logs and players’ receipts (docs/audit.md)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    for (const fn of props.signers) {
      this.secret.grantRead(fn);
      fn.addEnvironment('LOG_SIGNING_KEY_SECRET', this.secret.secretArn);
    }
    this.alarmSignals = [
      {
        id: 'UnsignedReceipts',
        metric: appMetric(AppMetric.sealFailed),
        description:
          'A game ended and its receipt could not be signed (the log signing key unreadable): the game is ' +
          'over, and the sweeper signs it once the key reads again (docs/operations.md).',
      },
    ];
  }
}
