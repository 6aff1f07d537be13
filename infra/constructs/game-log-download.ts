import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, HttpMethod, type IFunctionUrl, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { HandlerFunction } from './handler-function.js';

export interface GameLogDownloadProps {
  /** The `game-log.ts` entry (functions/handlers/game-log.ts). */
  readonly entry: string;
  readonly table: ITable;
  readonly logRetention?: RetentionDays;
  /** How long a read-only link opens its game after the host made it, in whole days; default 30 days. */
  readonly readLinkTtl?: Duration;
  /**
   * Concurrency kept for, and capping, the download (default 20): its URL is public, and a flood of it must
   * not take the execution slots the game's functions share with it.
   */
  readonly reservedConcurrency?: number;
}

/**
 * The finished-game log over HTTP: a WebSocket message on API Gateway is at most 128 KB and a log is more,
 * so the PWA fetches it from a Lambda function URL. The function reads the log and the token hashes (a get
 * and a query, nothing else) and signs read-only links, which expire, with a key of the deployment. Any origin may call
 * it: the caller's token travels as a bearer header, never as a cookie, so a foreign page gains nothing.
 */
export class GameLogDownload extends Construct {
  readonly handler: HandlerFunction;
  readonly url: IFunctionUrl;
  /** The read-only links' signing key; rotating it voids every link given out. */
  readonly linkKey: Secret;

  constructor(scope: Construct, id: string, props: GameLogDownloadProps) {
    super(scope, id);
    this.linkKey = new Secret(this, 'ReadLinkKey', {
      description: 'Signs the read-only links to finished games (HMAC-SHA256)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    this.handler = new HandlerFunction(this, 'Handler', {
      entry: props.entry,
      environment: {
        TABLE_NAME: props.table.tableName,
        // Only where the key is: the function reads it at run time, so it is in no configuration.
        REPLAY_LINK_KEY_SECRET: this.linkKey.secretArn,
        READ_LINK_TTL_DAYS: String((props.readLinkTtl ?? Duration.days(30)).toDays()),
      },
      logRetention: props.logRetention,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency ?? 20,
    });
    this.linkKey.grantRead(this.handler);
    // The table itself, not its index: the download reads one game's items by key.
    Grant.addToPrincipal({
      grantee: this.handler,
      actions: ['dynamodb:GetItem', 'dynamodb:Query'],
      resourceArns: [props.table.tableArn],
    });
    this.url = this.handler.addFunctionUrl({
      authType: FunctionUrlAuthType.NONE,
      // A buffered answer is capped at 6 MB; a week-long forum game's log may be more.
      invokeMode: InvokeMode.RESPONSE_STREAM,
      cors: {
        allowedOrigins: ['*'],
        allowedMethods: [HttpMethod.GET, HttpMethod.POST],
        allowedHeaders: ['authorization'],
        maxAge: Duration.hours(1),
      },
    });
  }
}
