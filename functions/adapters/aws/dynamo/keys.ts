/** Key layout of the single table; see table.ts for the whole picture. */

/**
 * The table's TTL attribute (epoch seconds): connections, pending deadlines, room codes and push
 * subscriptions carry it.
 */
export const TTL_ATTRIBUTE = 'expiresAt';

const SEQ_DIGITS = 10;

export const COMMIT_PREFIX = 'C#';
export const TOKEN_PREFIX = 'TOKEN#';
export const GAME_CONN_PREFIX = 'CONN#';

export const gamePk = (gameId: string): string => `GAME#${gameId}`;
/** Zero-padded so that string order is seq order. */
export const commitSk = (seq: number): string => `${COMMIT_PREFIX}${String(seq).padStart(SEQ_DIGITS, '0')}`;
export const MAX_SEQ = 10 ** SEQ_DIGITS - 1;
export const lastCommitSk = commitSk(MAX_SEQ);
export const tokenSk = (tokenHash: string): string => `${TOKEN_PREFIX}${tokenHash}`;
export const gameConnSk = (connectionId: string): string => `${GAME_CONN_PREFIX}${connectionId}`;
export const roomKey = (code: string) => ({ pk: `ROOM#${code}`, sk: 'ROOM' });
/** In the game's partition: the code it holds. */
export const gameRoomKey = (gameId: string) => ({ pk: gamePk(gameId), sk: 'ROOM' });
/** In the game's partition: its audience `rev` (see the Directory port). */
export const audienceKey = (gameId: string) => ({ pk: gamePk(gameId), sk: 'AUDIENCE' });
export const connKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });

/** Push subscriptions are keyed by a hash of their endpoint: an endpoint may be longer than a key. */
export const PUSH_PREFIX = 'PUSH#';
/** In the game's partition: one subscription of one of its readers. */
export const gamePushKey = (gameId: string, endpointHash: string) => ({
  pk: gamePk(gameId),
  sk: `${PUSH_PREFIX}${endpointHash}`,
});
/** Under the endpoint: one item per game it is subscribed in, so that forgetting it is one query. */
export const endpointGameKey = (endpointHash: string, gameId: string) => ({
  pk: `${PUSH_PREFIX}${endpointHash}`,
  sk: gamePk(gameId),
});

/** Partitions each minute's pending deadlines are spread over (see deadline-book.ts). */
export const DUE_SHARDS = 4;
/** `DUE#<UTC minute the deadline falls due>#<shard>`, e.g. `DUE#2026-12-01T09:30#2`. */
export const dueShardPk = (at: number, shard: number): string =>
  `DUE#${new Date(at).toISOString().slice(0, 16)}#${shard}`;
export const dueKey = (job: { gameId: string; deadlineId: string; at: number }, shard: number) => ({
  pk: dueShardPk(job.at, shard),
  sk: `${job.gameId}#${job.deadlineId}#${job.at}`,
});

/** In the game's partition: the deadline the game waits for since which commit (see game-heads.ts). */
export const headKey = (gameId: string) => ({ pk: gamePk(gameId), sk: 'HEAD' });
/** The sparse index of heads that wait for a deadline: only those carry its two key attributes. */
export const STALL_INDEX = 'stalled';
export const STALL_SHARD_ATTRIBUTE = 'stallShard';
export const STALL_AT_ATTRIBUTE = 'stallAt';
/** Index partitions the waiting heads are spread over, by game. */
export const STALL_SHARDS = 4;
export const stallShardKey = (shard: number): string => `STALL#${shard}`;

/** A tournament the server keeps (see tournament-book.ts). */
export const tournamentKey = (id: string) => ({ pk: `TOURNAMENT#${id}`, sk: 'TOURNAMENT' });
