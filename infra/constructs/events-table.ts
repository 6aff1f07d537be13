import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  STALL_AT_ATTRIBUTE,
  STALL_INDEX,
  STALL_SHARD_ATTRIBUTE,
  TTL_ATTRIBUTE,
} from '../../functions/adapters/aws/dynamo/keys.js';

export interface EventsTableProps {
  /** RETAIN by default: the table is the game log, the one thing a redeploy must never lose. */
  readonly removalPolicy?: RemovalPolicy;
}

/** The single table: commits, connections and room codes, each under its own key prefix. */
export class EventsTable extends Construct {
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
      // Connections, pending deadlines and room codes carry it; a code past it is free for another room.
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      // RETAIN covers a stack teardown; this covers a console click or a stray `delete-table`.
      deletionProtection: props.removalPolicy === undefined || props.removalPolicy === RemovalPolicy.RETAIN,
    });
    // No index on `kind`: every commit carries kind = commit, so such an index would be one hot partition
    // throttling writes across all games. Listing games is a local-runtime need, served by a scan.
    // The one index is sparse: only game heads waiting for a deadline carry its keys, spread over a few
    // shards, written when a game's deadline changes (game-heads.ts), so hung games are one query a shard.
    this.table.addGlobalSecondaryIndex({
      indexName: STALL_INDEX,
      partitionKey: { name: STALL_SHARD_ATTRIBUTE, type: AttributeType.STRING },
      sortKey: { name: STALL_AT_ATTRIBUTE, type: AttributeType.NUMBER },
      projectionType: ProjectionType.INCLUDE,
      nonKeyAttributes: ['gameId', 'deadlineId', 'seq'],
    });
  }
}
