import middy from '@middy/core';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import type { App } from '../../app/app.js';
import type { Log } from '../../app/log.js';
import { type CommitRecord, type StreamEvent, streamCommits } from '../../middleware/stream-commits.js';

/**
 * The projector: a batch of new commits from the table's stream. Each game in the batch is projected once,
 * at its newest version (the projection reads the store, so one pass covers every commit of that game in
 * the batch). A game that fails reports all its records as failed; Lambda retries from the lowest of them.
 */
export function projectorHandler(app: Pick<App, 'project'>, log: Log) {
  return middy<StreamEvent, DynamoDBBatchResponse>(async (event: StreamEvent) => {
    const byGame = new Map<string, CommitRecord[]>();
    for (const commit of event.commits ?? []) {
      const list = byGame.get(commit.gameId) ?? [];
      list.push(commit);
      byGame.set(commit.gameId, list);
    }
    const failures = await Promise.all(
      [...byGame].map(async ([gameId, commits]) => {
        const started = performance.now();
        const seq = Math.max(...commits.map((c) => c.seq));
        try {
          const projection = await app.project(gameId, seq);
          log({
            action: 'project',
            game: gameId,
            seq,
            ...projection,
            outcome: projection.kind,
            ms: elapsed(started),
          });
          return [];
        } catch (error) {
          log({
            action: 'project',
            game: gameId,
            seq,
            outcome: 'failed',
            error: String(error),
            ms: elapsed(started),
          });
          return commits.map((c) => ({ itemIdentifier: c.sequenceNumber }));
        }
      }),
    );
    return { batchItemFailures: failures.flat() };
  }).use(streamCommits());
}

const elapsed = (since: number) => Math.round((performance.now() - since) * 100) / 100;
