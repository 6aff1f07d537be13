import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

export interface EventsTableProps {
  /** RETAIN by default: the table is the game log, the one thing a redeploy must never lose. */
  readonly removalPolicy?: RemovalPolicy;
}

/** The single table: commits, connections and room codes, each under its own key prefix. */
export class EventsTable extends Construct {
  static readonly byKindIndex = 'byKind';
  readonly table: Table;

  constructor(scope: Construct, id: string, props: EventsTableProps = {}) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The projector folds from the store, so the new image is all it needs to know which game moved.
      stream: StreamViewType.NEW_IMAGE,
      timeToLiveAttribute: 'expiresAt',
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    // Lists games (and other item kinds) without a scan; keys only, the caller loads what it shows.
    this.table.addGlobalSecondaryIndex({
      indexName: EventsTable.byKindIndex,
      partitionKey: { name: 'kind', type: AttributeType.STRING },
      sortKey: { name: 'pk', type: AttributeType.STRING },
      projectionType: ProjectionType.KEYS_ONLY,
    });
  }
}
