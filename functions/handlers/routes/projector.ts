import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { App } from '../../app/app.js';
import type { Log } from '../../app/log.js';
import type { Projection } from '../../app/projector.js';
import { commitOf } from '../../middleware/commit-record.js';

/**
 * The projector: a batch of new commits from the table's stream, through Powertools' batch processor,
 * which reports each failed record so that Lambda retries from the first of them (and, after the retries,
 * sends it to the dead-letter queue) while the rest of the batch counts as done. Each game in the batch is
 * projected once, from its oldest commit in the batch to its newest (the projection reads the store, so one
 * pass covers every commit of that game); all of a game's records share that projection's outcome. Records
 * that are not commits pass.
 */
export function projectorHandler(app: Pick<App, 'project'>, log: Log) {
  return middy<DynamoDBStreamEvent, DynamoDBBatchResponse>(async (event: DynamoDBStreamEvent) => {
    const spans = new Map<string, { from: number; to: number }>();
    for (const record of event.Records) {
      const commit = commitOf(record);
      if (commit === null) continue;
      const span = spans.get(commit.gameId);
      spans.set(
        commit.gameId,
        span === undefined
          ? { from: commit.seq, to: commit.seq }
          : { from: Math.min(span.from, commit.seq), to: Math.max(span.to, commit.seq) },
      );
    }
    const projections = new Map<string, Promise<Projection>>();
    const projectGame = (gameId: string): Promise<Projection> => {
      let projection = projections.get(gameId);
      if (projection === undefined) {
        projection = projectLogged(app, log, gameId, spans.get(gameId) as { from: number; to: number });
        projections.set(gameId, projection);
      }
      return projection;
    };
    const recordHandler = async (record: DynamoDBRecord): Promise<void> => {
      const commit = commitOf(record);
      if (commit) await projectGame(commit.gameId);
    };
    return processPartialResponse(event, recordHandler, new BatchProcessor(EventType.DynamoDBStreams), {
      // A batch whose every record failed is reported record by record too: bisecting finds the bad one.
      throwOnFullBatchFailure: false,
    });
  });
}

async function projectLogged(
  app: Pick<App, 'project'>,
  log: Log,
  gameId: string,
  { from, to: seq }: { from: number; to: number },
) {
  const started = performance.now();
  try {
    const projection = await app.project(gameId, seq, from);
    log({
      action: 'project',
      game: gameId,
      seq,
      ...projection,
      outcome: projection.kind,
      ms: elapsed(started),
    });
    return projection;
  } catch (error) {
    log({
      level: 'error',
      action: 'project',
      game: gameId,
      seq,
      outcome: 'failed',
      message: String(error),
      ms: elapsed(started),
    });
    throw error;
  }
}

const elapsed = (since: number) => Math.round((performance.now() - since) * 100) / 100;
