import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  FilterCriteria,
  FilterRule,
  type Function as LambdaFunction,
  StartingPosition,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface ProjectorProps {
  readonly projector: LambdaFunction;
  readonly table: ITable;
  /** Records per invocation (default 100): one invocation projects each game of the batch once. */
  readonly batchSize?: number;
  /**
   * Concurrent batches per stream shard (default 10). Records of one game keep their order: the stream
   * sends one partition key to one batch at a time.
   */
  readonly parallelizationFactor?: number;
  readonly retryAttempts?: number;
  /**
   * A record older than this is not fanned out any more (default 10 minutes): clients have long since
   * synced, and an overdue deadline is the sweeper's to fire. It goes to the dead-letter queue instead of
   * holding its shard up.
   */
  readonly maxRecordAge?: Duration;
}

/**
 * Feeds every new commit from the table's stream to the projector. Driving fan-out and scheduling from
 * the stream means a commit that was written is delivered even if the handler that wrote it died.
 */
export class Projector extends Construct {
  /** Batches the projector could not process after all retries, kept for inspection and replay. */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ProjectorProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    props.projector.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: props.batchSize ?? 100,
        parallelizationFactor: props.parallelizationFactor ?? 10,
        maxRecordAge: props.maxRecordAge ?? Duration.minutes(10),
        // Splitting a failing batch isolates the poison record instead of blocking the shard.
        bisectBatchOnError: true,
        retryAttempts: props.retryAttempts ?? 5,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        // Connection items and room codes share the table; only a new commit changes what anyone sees.
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { kind: { S: FilterRule.isEqual('commit') } } },
          }),
        ],
      }),
    );
  }
}
