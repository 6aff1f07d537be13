import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { Metric as AppMetric } from '../../functions/observability/metric-names.js';
import type { AlarmSignal } from './alarm-signal.js';
import { appMetric } from './alarms.js';

/** Failed pushes in five minutes that raise the alarm: a reader's own push service failing once is weather. */
export const FAILED_PUSHES_THRESHOLD = 10;

export interface WebPushProps {
  /**
   * The functions that use the VAPID keys: the one that hands out the public key and keeps subscriptions
   * ($default) and the one that pushes (the projector). Each may read the secret, nothing more; the
   * subscriptions live in the table, whose grants the handlers already hold.
   */
  readonly keyReaders: readonly LambdaFunction[];
}

/**
 * Web Push: the secret holding the deployment's VAPID keys, read by the functions that need them (they
 * find it by VAPID_SECRET_ARN), and the alarm on failed pushes. The stack creates the secret without keys
 * (a random string, which the functions read as "no keys yet": they then send no pushes); the operator puts
 * the keys in once (docs/deploy.md). A rotation changes only the secret's value (the current pair, and the
 * retired ones under `previous`), so it needs nothing here.
 */
export class WebPush extends Construct {
  readonly secret: Secret;
  readonly alarmSignals: readonly AlarmSignal[];

  constructor(scope: Construct, id: string, props: WebPushProps) {
    super(scope, id);
    this.secret = new Secret(this, 'VapidKeys', {
      description:
        'Web Push VAPID keys of Sleeping City: {"publicKey","privateKey","subject","previous"?} (docs/deploy.md)',
    });
    for (const fn of props.keyReaders) {
      this.secret.grantRead(fn);
      fn.addEnvironment('VAPID_SECRET_ARN', this.secret.secretArn);
    }
    this.alarmSignals = [
      {
        id: 'FailedPushes',
        metric: appMetric(AppMetric.pushFailed),
        threshold: FAILED_PUSHES_THRESHOLD,
        description:
          'Phase pushes are failing: push services refuse them (VAPID keys malformed, or replaced rather ' +
          'than rotated?) or the subscriptions cannot be read.',
      },
    ];
  }
}
