import type { DynamoDBRecord } from 'aws-lambda';

/** A commit named by a stream record; the projector reads the commit itself from the store. */
export interface CommitRecord {
  gameId: string;
  seq: number;
}

/**
 * The new commit a table stream record names, or null for anything else. The event source's filter already
 * lets only inserted commits through; this check keeps the projector right if the filter is ever widened.
 */
export function commitOf(record: DynamoDBRecord): CommitRecord | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.kind?.S !== 'commit') return null;
  const gameId = image.gameId?.S;
  const seq = Number(image.seq?.N);
  if (gameId === undefined || !Number.isSafeInteger(seq)) return null;
  return { gameId, seq };
}
