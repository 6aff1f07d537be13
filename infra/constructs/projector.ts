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
  readonly batchSize?: number;
  readonly retryAttempts?: number;
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
        batchSize: props.batchSize ?? 10,
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
