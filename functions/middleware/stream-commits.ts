import type { MiddlewareObj } from '@middy/core';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/** A commit named by a stream record; the projector reads the commit itself from the store. */
export interface CommitRecord {
  gameId: string;
  seq: number;
  /** The record's place in its shard, which is what a batch item failure names. */
  sequenceNumber: string;
}

export interface StreamEvent extends DynamoDBStreamEvent {
  /** Set by `streamCommits`. */
  commits?: CommitRecord[];
}

/**
 * Picks the new commits out of a batch of table stream records. The event source's filter already lets only
 * inserted commits through; this check keeps the projector right if the filter is ever widened.
 */
export function streamCommits(): MiddlewareObj<StreamEvent> {
  return {
    before: (request) => {
      request.event.commits = request.event.Records.flatMap((record) => {
        const commit = commitOf(record);
        return commit ? [commit] : [];
      });
    },
  };
}

function commitOf(record: DynamoDBRecord): CommitRecord | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.kind?.S !== 'commit') return null;
  const gameId = image.gameId?.S;
  const seq = Number(image.seq?.N);
  const sequenceNumber = record.dynamodb?.SequenceNumber;
  if (gameId === undefined || !Number.isSafeInteger(seq) || sequenceNumber === undefined) return null;
  return { gameId, seq, sequenceNumber };
}
